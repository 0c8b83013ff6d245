#!/usr/bin/env node
// A Vitruvian tool. The app starts this program and talks with it over stdin and stdout, one JSON
// message a line (wire.mjs does that part). Print nothing to stdout yourself: use app.log or stderr.
import { readFileSync } from 'node:fs';
import { connect, Refusal } from './wire.mjs';

const manifest = JSON.parse(readFileSync(new URL('./vitruvian-tool.json', import.meta.url), 'utf8'));
let language = 'en';

// One function per command in vitruvian-tool.json. Each service it calls must be listed in `uses`.
const commands = {
  async sayHello() {
    const { value: greeting } = await app.request('storage/get', { id: 'greeting' });
    const { value: times } = await app.request('storage/get', { id: 'timesGreeted' });
    await app.request('storage/set', { id: 'timesGreeted', value: (Number(times) || 0) + 1 });
    // The default greeting has a French version; one the person typed is shown as written.
    const text = language.startsWith('fr') && greeting === 'Hello!' ? 'Bonjour !' : greeting;
    await app.request('notify/hud', { text: text || 'Hello!', symbol: 'hand.wave' });
  },
};

const app = connect({
  requests: {
    initialize(params) {
      if (!Array.isArray(params.protocols) || !params.protocols.includes(1)) throw new Refusal(-32602, 'this tool speaks protocol 1 only');
      language = typeof params.language === 'string' ? params.language : 'en';
      return { protocol: 1, version: manifest.version };
    },
    async 'command/run'({ command }) {
      if (!Object.hasOwn(commands, command)) throw new Refusal(-32010, `no command ${command}`);
      try {
        await commands[command]();
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        app.log(`${command} did not run: ${error.message} (${error.code})`, 'warn');
        throw new Refusal(-32010, error.message);
      }
      return {};
    },
  },
  notices: {
    'preferences/changed'({ preferences }) {
      if (!Array.isArray(preferences)) return;
      for (const { id, value } of preferences.filter((p) => typeof p?.id === 'string')) {
        app.log(`preference ${id} changed to ${JSON.stringify(value)}`);
      }
    },
    'language/changed'(params) {
      if (typeof params.language === 'string') language = params.language;
      app.log(`language changed to ${language}`);
    },
    shutdown() {
      app.exit();
    },
  },
  onReady() {
    app.log(`ready, language ${language}`, 'debug');
  },
});
