#!/usr/bin/env node
// Clipboard kit: a sample Vitruvian tool in plain JavaScript. It uses every service the app offers
// and handles every message the app sends, so it doubles as a reference. Start with `commands` below.
import { readFileSync } from 'node:fs';
import { connect, Refusal } from './wire.mjs';

const manifest = JSON.parse(readFileSync(new URL('./vitruvian-tool.json', import.meta.url), 'utf8'));
const commandIds = manifest.commands.map((command) => command.id);

// What the tool says to people, in each language it knows. The app tells us the language in
// initialize and again in language/changed. A count takes the noun's form its language wants:
// English says "1 character", "0 characters"; French "0 caractère", "1 caractère", "2 caractères".
const phrases = {
  en: {
    copied: 'Greeting copied',
    saved: ['{n} character kept', '{n} characters kept'],
    pasted: 'Pasted',
    opening: 'Opening link',
    ended: 'Process ended',
  },
  fr: {
    copied: 'Salutation copiée',
    saved: ['{n} caractère gardé', '{n} caractères gardés'],
    pasted: 'Collé',
    opening: 'Ouverture du lien',
    ended: 'Processus terminé',
  },
};
const singular = { en: (n) => n === 1, fr: (n) => n < 2 };
let language = 'en';
const known = () => (Object.hasOwn(phrases, language.split('-')[0]) ? language.split('-')[0] : 'en');
const say = (key) => phrases[known()][key];
/** A phrase with a count in it, in the form the count takes: sayCount('saved', 42). */
const sayCount = (key, n) => {
  const [one, other] = say(key);
  return (singular[known()](n) ? one : other).replace('{n}', n.toLocaleString(known()));
};

/** Refuses the command being run: the app hears -32010 and the reason goes to the log. */
const refuse = (reason) => {
  throw new Refusal(-32010, reason);
};

/** A preference's stored value, or its default from the manifest when none was stored. */
const preference = async (id) => (await app.request('storage/get', { id })).value;

const readClipboard = async () => (await app.request('clipboard/readText')).text;

const commands = {
  async copyGreeting() {
    await app.request('clipboard/writeText', { text: (await preference('greeting')) ?? 'Hello' });
    await app.request('notify/hud', { text: say('copied'), symbol: 'doc.on.clipboard' });
  },

  async saveClipboard() {
    const text = await readClipboard();
    if (text === null || text === '') {
      if (await preference('beepWhenEmpty')) await app.request('notify/beep');
      refuse('the clipboard has no text');
    }
    // Storage keeps at most 4,096 characters (code points) in a text preference.
    const kept = [...text].slice(0, 4096);
    await app.request('storage/set', { id: 'saved', value: kept.join('') });
    await app.request('notify/hud', { text: sayCount('saved', kept.length), symbol: 'tray.and.arrow.down' });
    announceRunnable(true);
  },

  async pasteSaved() {
    const saved = await preference('saved');
    if (!saved) refuse('nothing saved yet');
    const textCase = await preference('textCase');
    const text = textCase === 'upper' ? saved.toUpperCase() : textCase === 'lower' ? saved.toLowerCase() : saved;
    const times = Math.min(Math.max(Math.trunc(Number(await preference('pasteTimes')) || 1), 1), 10);
    for (let i = 0; i < times; i++) await app.request('keystrokes/paste', { text });
    await app.request('notify/hud', { text: say('pasted'), symbol: 'doc.on.doc' });
  },

  async pasteSignature() {
    const signature = await preference('signature');
    if (!signature) refuse('no signature set');
    await app.request('keystrokes/paste', { text: signature });
  },

  async openLink() {
    // The link on the clipboard when there is one, else the page from the preferences.
    const text = (await readClipboard())?.trim() ?? '';
    const url = /^(https?:|mailto:)\S+$/i.test(text) ? text : await preference('homepage');
    if (!url) refuse('no link to open');
    await app.request('notify/hud', { text: say('opening'), symbol: 'link' });
    await app.request('open/url', { url });
  },

  async newDocument() {
    // Whichever of these the app in front has; -32004 when it has none of them.
    await app.request('keystrokes/pressMenuItem', { keys: ['cmd+n', 'ctrl+n'] });
  },

  async endProcess() {
    const text = (await readClipboard())?.trim() ?? '';
    if (!/^[1-9][0-9]*$/.test(text)) refuse('the clipboard does not hold a process id');
    await app.request('processes/terminate', { pid: Number(text) });
    await app.request('notify/hud', { text: say('ended'), symbol: 'xmark.circle' });
  },
};

/** Tells the app which commands can run now: pasteSaved only once something has been saved. */
function announceRunnable(somethingSaved) {
  const runnable = commandIds.filter((id) => id !== 'pasteSaved' || somethingSaved);
  app.notify('commands/state', { runnable });
}

const app = connect({
  requests: {
    initialize({ protocols, language: initialLanguage }) {
      if (!Array.isArray(protocols) || !protocols.includes(1)) {
        throw new Refusal(-32602, 'this tool speaks protocol 1 only');
      }
      language = typeof initialLanguage === 'string' ? initialLanguage : 'en';
      return { protocol: 1, version: manifest.version };
    },

    async 'command/run'({ command }) {
      const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
      if (!run) refuse(`no command ${JSON.stringify(command)}`);
      try {
        await run();
      } catch (error) {
        // A service the app refused (not in `uses`, a missing permission, not available now)
        // or our own refusal: either way this command did not run.
        if (!(error instanceof Refusal)) throw error;
        app.log(`${command} did not run: ${error.message} (${error.code})`, 'warn');
        throw new Refusal(-32010, error.message);
      }
      app.log(`${command} ran`);
      return {};
    },
  },

  notices: {
    'preferences/changed'({ preferences }) {
      for (const { id, value } of Array.isArray(preferences) ? preferences.filter((p) => typeof p?.id === 'string') : []) {
        // A secret stays out of the log.
        const secret = manifest.preferences.find((p) => p.id === id)?.kind === 'secret';
        app.log(secret ? `preference ${id} changed` : `preference ${id} changed to ${JSON.stringify(value)}`);
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

  async onReady() {
    app.log(`started in ${process.cwd()}, language ${language}`, 'debug');
    try {
      announceRunnable(Boolean(await preference('saved')));
    } catch (error) {
      app.log(`could not read what was saved: ${error.message}`, 'error');
    }
  },
});
