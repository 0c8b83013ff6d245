// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createFakeHost, makePlugin, makeTool } from '../../src-shared/test/fake-host';
import { createAppStore } from './app-store';
import { SERVICE_PANEL_KEY, toolTabsOf, uiSelectors } from './ui-slice';

const tool = makeTool({ id: 'com.acme.one' });

async function loaded() {
  const fake = createFakeHost({ tools: [tool] });
  const store = createAppStore(fake.host);
  await store.getState().load();
  return { fake, store };
}

describe('ui slice', () => {
  it('starts on no tool, the commands section, no dialog', () => {
    const s = createAppStore(createFakeHost().host).getState();
    expect(uiSelectors.selectedTool(s)).toBeUndefined();
    expect(uiSelectors.toolTab(s)).toBe('commands');
    expect(uiSelectors.installDialogOpen(s)).toBe(false);
    expect(uiSelectors.connection(s)).toBe('connected');
  });

  it('selects only tools that exist', async () => {
    const { store } = await loaded();
    store.getState().selectTool('com.acme.missing');
    expect(uiSelectors.selectedTool(store.getState())).toBeUndefined();
    store.getState().selectTool(tool.id);
    expect(uiSelectors.selectedTool(store.getState())?.id).toBe(tool.id);
  });

  it('reads the log or trace when their section opens', async () => {
    const { fake, store } = await loaded();
    store.getState().selectTool(tool.id);
    store.getState().selectTab('log');
    store.getState().selectTab('trace');
    expect(fake.requestsNamed('readLog')).toEqual([[tool.id]]);
    expect(fake.requestsNamed('readTrace')).toEqual([[tool.id]]);
  });

  it('opens the install dialog, saying why when a drop could not give a path', async () => {
    const { store } = await loaded();
    store.getState().openInstallDialog('dropNeedsPath');
    expect(uiSelectors.installDialogReason(store.getState())).toBe('dropNeedsPath');
    store.getState().closeInstallDialog();
    expect(uiSelectors.installDialogOpen(store.getState())).toBe(false);
    expect(uiSelectors.installDialogReason(store.getState())).toBeUndefined();
  });

  it('asks before uninstalling, and forgets the question when cancelled', async () => {
    const { store } = await loaded();
    store.getState().askUninstall(tool.id);
    expect(uiSelectors.confirmingUninstall(store.getState())?.id).toBe(tool.id);
    store.getState().cancelUninstall();
    expect(uiSelectors.confirmingUninstall(store.getState())).toBeUndefined();
  });

  it('keeps the sidebar filter and the service panel state', async () => {
    const { store } = await loaded();
    store.getState().setSidebarFilter('clip');
    store.getState().setServicePanelOpen(false);
    expect(uiSelectors.sidebarFilter(store.getState())).toBe('clip');
    expect(uiSelectors.servicePanelOpen(store.getState())).toBe(false);
    localStorage.removeItem(SERVICE_PANEL_KEY);
  });

  it('folds the services panel where nothing calls a service until the person chooses, and keeps their choice for the next window', async () => {
    localStorage.removeItem(SERVICE_PANEL_KEY);
    const quiet = makeTool({ id: 'com.acme.quiet', uses: [] });
    const paster = makeTool({ id: 'com.acme.paster', uses: ['keystrokes'] });
    const viewer = makePlugin({ id: 'org.example.viewer' });
    const commander = makePlugin({ id: 'org.example.commands' }, { commands: [{ name: 'go', title: 'Go', extensions: [], mimes: [] }] });
    const fake = createFakeHost({ tools: [quiet, paster, viewer, commander] });
    const store = createAppStore(fake.host);
    await store.getState().load();
    const open = () => uiSelectors.servicePanelOpen(store.getState());
    // Before a page is chosen: open, as one entry of the list can call a service.
    expect(open()).toBe(true);
    const openOn = (id: string) => (store.getState().selectTool(id), open());
    expect([quiet, paster, viewer, commander].map((t) => openOn(t.id))).toEqual([false, true, false, true]);

    store.getState().setServicePanelOpen(true);
    expect(openOn(quiet.id)).toBe(true);
    const next = createAppStore(fake.host);
    await next.getState().load();
    expect(uiSelectors.servicePanelOpen(next.getState())).toBe(true);
    next.getState().setServicePanelOpen(false);
    expect(uiSelectors.servicePanelOpen(createAppStore(fake.host).getState())).toBe(false);
    localStorage.removeItem(SERVICE_PANEL_KEY);
  });

  it('gives a plugin its Files first and no Commands, and shows each page a section it has', async () => {
    const plugin = makePlugin({ id: 'org.example.words' });
    const fake = createFakeHost({ tools: [tool, plugin] });
    const store = createAppStore(fake.host);
    await store.getState().load();
    expect(toolTabsOf(plugin)).toEqual(['files', 'settings', 'log', 'trace']);
    expect(toolTabsOf(tool)).toEqual(['commands', 'settings', 'log', 'trace']);
    store.getState().selectTool(plugin.id);
    expect(uiSelectors.shownTab(store.getState())).toBe('files');
    store.getState().selectTab('files');
    store.getState().selectTool(tool.id);
    expect(uiSelectors.shownTab(store.getState())).toBe('commands');
    store.getState().selectTool(plugin.id);
    expect(uiSelectors.shownTab(store.getState())).toBe('files');
    store.getState().selectTab('settings');
    store.getState().selectTool(tool.id);
    expect(uiSelectors.shownTab(store.getState())).toBe('settings');
  });
});
