import type { MaybePromise } from '../../../src-shared/maybe-promise';
import type { Platform } from '../../platform/platform';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreferenceInfo } from '../../../src-shared/host-api';
import { lacksPermission, notAvailable } from '../../platform/platform';
import { SimulatedPlatform } from '../../platform/simulated';
import { ServiceBroker, serviceOf, services, type BrokerTool, type PlatformCallRecord, type ServiceFailure } from './broker';
import { ResponseError } from '../wire/errors';
import { PreferenceStore } from './storage';

const preferences: PreferenceInfo[] = [
  { id: 'note', kind: 'text', default: 'default note' },
  { id: 'flag', kind: 'boolean' },
  {
    id: 'size',
    kind: 'choice',
    options: [
      { value: 'small', title: { en: 'Small' } },
      { value: 'large', title: { en: 'Large' } },
    ],
  },
];
const allServices = ['notify', 'open', 'clipboard.read', 'clipboard.write', 'keystrokes', 'processes', 'storage'];
const toolWith = (uses: string[], installed = true): BrokerTool => ({ id: 'com.acme.a', uses, preferences, installed });

let folder: string;
let platform: SimulatedPlatform;
let store: PreferenceStore;
let broker: ServiceBroker;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vt-broker-'));
  platform = new SimulatedPlatform({ clipboard: 'on the clipboard' });
  store = new PreferenceStore(folder);
  broker = new ServiceBroker({ platform, preferencesOf: (id) => store.open(id) });
});
afterEach(async () => {
  broker.dispose();
  await rm(folder, { recursive: true, force: true });
});

/** The broker's refusal: a rejected promise, never a throw (a service's answer may come at once). */
const refusal = (answer: MaybePromise<unknown>): Promise<ResponseError> =>
  Promise.resolve(answer).then(
    (result) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ResponseError);
      return error as ResponseError;
    },
  );

// method, its `uses` entry, params, the platform method it reaches (null: the app's own storage), result
const table = [
  ['notify/hud', 'notify', { text: 'Copied', symbol: 'checkmark' }, 'showHud', {}],
  ['notify/beep', 'notify', undefined, 'beep', {}],
  ['open/url', 'open', { url: 'https://example.com/a?b=1' }, 'openUrl', {}],
  ['clipboard/readText', 'clipboard.read', undefined, 'clipboardReadText', { text: 'on the clipboard' }],
  ['clipboard/writeText', 'clipboard.write', { text: 'new text' }, 'clipboardWriteText', {}],
  ['keystrokes/paste', 'keystrokes', { text: 'typed' }, 'paste', {}],
  ['keystrokes/pressMenuItem', 'keystrokes', { keys: ['cmd+shift+n', 'ctrl+alt+x'] }, 'pressMenuItem', {}],
  ['processes/terminate', 'processes', { pid: 4321 }, 'terminateProcess', {}],
  ['storage/get', 'storage', { id: 'note' }, null, { value: 'default note' }],
  ['storage/set', 'storage', { id: 'flag', value: true }, null, {}],
] as const;

describe('the service table', () => {
  it('answers every request methods.json says a tool sends, and nothing else', () => {
    const methods = JSON.parse(readFileSync(new URL('../../../src-shared/protocol/methods.json', import.meta.url), 'utf8')) as {
      method: string;
      sender: string;
      kind: string;
      uses?: string;
    }[];
    const toolRequests = methods.filter((m) => m.sender === 'tool' && m.kind === 'request');
    expect(Object.keys(services).sort()).toEqual(toolRequests.map((m) => m.method).sort());
    expect(table.map((row) => row[0]).sort()).toEqual(Object.keys(services).sort());
    for (const m of toolRequests) expect(serviceOf(m.method as keyof typeof services)).toBe(m.uses);
  });
});

describe.each(table)('%s needs "%s" in uses', (method, service, params, platformMethod, result) => {
  it('declared: reaches the service and answers', async () => {
    const order: string[] = [];
    const told = new Promise<PlatformCallRecord>((resolve) => broker.onDidCallPlatform(resolve)).then((call) => {
      order.push('told');
      return call;
    });
    const answer = await broker.handle(toolWith([service]), method, params);
    order.push('answered');
    expect(answer).toEqual(result);
    if (platformMethod) {
      expect(platform.calls.map((c) => c.method)).toEqual([platformMethod]);
      expect(await told).toEqual({ toolId: 'com.acme.a', method, params: params ?? {}, result });
      // The record is not the tool's to wait for: the answer goes first.
      expect(order).toEqual(['answered', 'told']);
    } else {
      expect(platform.calls).toEqual([]);
    }
  });

  it('undeclared: -32001 naming the service, and nothing is done', async () => {
    const others = allServices.filter((s) => s !== service);
    const error = await refusal(broker.handle(toolWith(others), method, params));
    expect(error.code).toBe(-32001);
    expect(error.data).toEqual({ service });
    expect(platform.calls).toEqual([]);
    expect((await store.open('com.acme.a')).get(preferences[1]!)).toBeNull();
  });

  it('uninstalled: -32002', async () => {
    const error = await refusal(broker.handle(toolWith(allServices, false), method, params));
    expect(error.code).toBe(-32002);
    expect(platform.calls).toEqual([]);
  });
});

describe('the broker', () => {
  const tool = toolWith(allServices);

  it('checks uses before params', async () => {
    const error = await refusal(broker.handle(toolWith([]), 'notify/hud', { text: 42 }));
    expect(error.code).toBe(-32001);
  });

  it.each([
    ['notify/hud', { text: 42 }],
    ['notify/hud', {}],
    ['clipboard/writeText', { text: null }],
    ['keystrokes/pressMenuItem', { keys: [] }],
    ['processes/terminate', { pid: 'one' }],
    ['storage/get', {}],
    ['storage/set', { id: 'note' }],
    ['open/url', { url: 'file:///etc/passwd' }],
    ['open/url', { url: 'javascript:alert(1)' }],
    ['open/url', { url: 'ftp://example.com' }],
    ['open/url', { url: 'not a link' }],
  ])('refuses %s with %j as -32602 before any service', async (method, params) => {
    const error = await refusal(broker.handle(tool, method, params));
    expect(error.code).toBe(-32602);
    expect(error.message.length).toBeGreaterThan(0);
    expect(platform.calls).toEqual([]);
  });

  it.each([
    [{ id: 'nope', value: 'x' }, /unknown preference "nope"/],
    [{ id: 'note', value: 'é'.repeat(4_097) }, /4,096/],
    [{ id: 'flag', value: 'yes' }, /value \(preference "flag"\): "yes" does not fit kind "boolean"/],
    [{ id: 'size', value: 'medium' }, /value \(preference "size"\): "medium" is not one of the options/],
  ])('refuses storage/set %j as -32602 and stores nothing', async (params, reason) => {
    await broker.handle(tool, 'storage/set', { id: 'note', value: 'kept' });
    const error = await refusal(broker.handle(tool, 'storage/set', params));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(reason);
    expect(await broker.handle(tool, 'storage/get', { id: 'note' })).toEqual({ value: 'kept' });
  });

  it('refuses storage/get of an undeclared preference', async () => {
    const error = await refusal(broker.handle(tool, 'storage/get', { id: 'other' }));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/unknown preference "other"/);
  });

  it('answers what was stored, else the default, else null', async () => {
    expect(await broker.handle(tool, 'storage/get', { id: 'flag' })).toEqual({ value: null });
    expect(await broker.handle(tool, 'storage/get', { id: 'note' })).toEqual({ value: 'default note' });
    await broker.handle(tool, 'storage/set', { id: 'note', value: 'mine' });
    expect(await broker.handle(tool, 'storage/get', { id: 'note' })).toEqual({ value: 'mine' });
  });

  it.each([
    ['not a link', 'params.url: "not a link" is not http, https or mailto'],
    ['ftp://example.com', 'params.url: "ftp://example.com" is not http, https or mailto'],
    ['http://[', 'params.url: "http://[" is not a link'],
    ['https://exa mple.com', 'params.url: "https://exa mple.com" is not a link'],
  ])('names the field of a refused open/url link as params.url, like every params refusal: %j', async (url, message) => {
    const error = await refusal(broker.handle(tool, 'open/url', { url }));
    expect(error.toWire()).toEqual({ code: -32602, message, data: { problems: [message] } });
  });

  it('opens mailto and http links', async () => {
    await broker.handle(tool, 'open/url', { url: 'mailto:someone@example.com' });
    await broker.handle(tool, 'open/url', { url: 'http://example.com' });
    expect(platform.calls.map((c) => c.args[0])).toEqual(['mailto:someone@example.com', 'http://example.com/']);
  });

  it('forwards the link as parsed, never the raw text: no raw newline, tab or space reaches the platform', async () => {
    await broker.handle(tool, 'open/url', { url: 'https://example.com/a b\n--new-window' });
    await broker.handle(tool, 'open/url', { url: 'HTTPS://Example.COM/\tpath?q=1 2' });
    await broker.handle(tool, 'open/url', { url: 'mailto:someone@example.com?subject=Hello there&body=line\none' });
    expect(platform.calls.map((c) => c.args[0])).toEqual([
      'https://example.com/a%20b--new-window',
      'https://example.com/path?q=1%202',
      'mailto:someone@example.com?subject=Hello%20there&body=lineone',
    ]);
  });

  it.each([
    ['mailto:a@example.com?attach=/etc/passwd', 'attach'],
    ['mailto:a@example.com?subject=Hi&Attachment=%2Fhome%2Fme%2F.ssh%2Fid_ed25519', 'Attachment'],
    ['mailto:a@example.com?%61ttach=~/.ssh/id_rsa', 'attach'],
    ['MAILTO:a@example.com?body=x&ATTACHMENTS=a.txt', 'ATTACHMENTS'],
  ])('refuses a mailto link that names a file to attach, naming the parameter: %s', async (url, parameter) => {
    const error = await refusal(broker.handle(tool, 'open/url', { url }));
    const message = `params.url: the mailto parameter "${parameter}" names a file to attach; such links are refused`;
    expect(error.toWire()).toEqual({ code: -32602, message, data: { problems: [message] } });
    expect(platform.calls).toEqual([]);
  });

  it('passes the platform refusals on with their code and data', async () => {
    platform.refuse('paste', lacksPermission('accessibility', 'Vitruvian lacks the Accessibility permission'));
    platform.refuse('pressMenuItem', notAvailable('no menu item has any of these keys'));
    const missing = await refusal(broker.handle(tool, 'keystrokes/paste', { text: 'x' }));
    expect(missing.toWire()).toEqual({
      code: -32003,
      message: 'Vitruvian lacks the Accessibility permission',
      data: { permission: 'accessibility' },
    });
    const unavailable = await refusal(broker.handle(tool, 'keystrokes/pressMenuItem', { keys: ['cmd+k'] }));
    expect(unavailable.code).toBe(-32004);
  });

  it('answers -32601 for a method no tool may send', async () => {
    for (const method of ['initialize', 'command/run', 'camera/snap', 'toString', '__proto__']) {
      expect((await refusal(broker.handle(tool, method, {}))).code).toBe(-32601);
    }
  });

  it('turns a broken service into -32603 with no stack, and says why to the host, whether it broke at once or later', async () => {
    const failures: ServiceFailure[] = [];
    broker.onDidFail((failure) => failures.push(failure));
    const services: Platform = platform;
    services.beep = () => {
      throw new Error('sound device exploded');
    };
    services.showHud = async () => {
      await Promise.resolve();
      throw new Error('no screen');
    };
    const error = await refusal(broker.handle(tool, 'notify/beep', undefined));
    expect(error.toWire()).toEqual({ code: -32603, message: 'the app could not do notify/beep' });
    const later = await refusal(broker.handle(tool, 'notify/hud', { text: 'x' }));
    expect(later.toWire()).toEqual({ code: -32603, message: 'the app could not do notify/hud' });
    expect(failures.map((failure) => String(failure.error))).toEqual(['Error: sound device exploded', 'Error: no screen']);
  });

  it('answers at once when the service does (the simulated platform), with no promise', () => {
    expect(broker.handle(tool, 'clipboard/writeText', { text: 'now' })).toEqual({});
    expect(broker.handle(tool, 'clipboard/readText', {})).toEqual({ text: 'now' });
  });

  it('tells each refusal, with the tool asking, and not a service that broke (onDidFail tells that)', async () => {
    const refusals: string[] = [];
    broker.onDidRefuse(({ tool: asking, method, error }) => refusals.push(`${asking.id} ${method} ${error.code}`));
    platform.refuse('paste', lacksPermission('accessibility', 'Vitruvian lacks the Accessibility permission'));
    platform.beep = () => {
      throw new Error('sound device exploded');
    };
    await refusal(broker.handle(tool, 'camera/snap', {}));
    await refusal(broker.handle(toolWith(allServices, false), 'notify/hud', { text: 'x' }));
    await refusal(broker.handle(toolWith([]), 'notify/hud', { text: 'x' }));
    await refusal(broker.handle(tool, 'notify/hud', { text: 42 }));
    await refusal(broker.handle(tool, 'storage/get', { id: 'other' }));
    await refusal(broker.handle(tool, 'keystrokes/paste', { text: 'x' }));
    await refusal(broker.handle(tool, 'notify/beep', undefined));
    expect(refusals).toEqual([
      'com.acme.a camera/snap -32601',
      'com.acme.a notify/hud -32002',
      'com.acme.a notify/hud -32001',
      'com.acme.a notify/hud -32602',
      'com.acme.a storage/get -32602',
      'com.acme.a keystrokes/paste -32003',
    ]);
  });

  it('tells when a tool stored a value', async () => {
    const stored: unknown[] = [];
    broker.onDidStore((event) => stored.push(event));
    await broker.handle(tool, 'storage/set', { id: 'flag', value: false });
    expect(stored).toEqual([{ toolId: 'com.acme.a', preferenceId: 'flag' }]);
  });
});
