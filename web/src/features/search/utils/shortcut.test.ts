import { describe, expect, it } from 'vitest';

import { isOpenShortcut, isTypingTarget } from './shortcut';

const key = (keyName: string, target: EventTarget | null = document.body, mods = {}) => ({
  key: keyName,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('isOpenShortcut', () => {
  it('opens on / and on Ctrl-K or Cmd-K', () => {
    expect(isOpenShortcut(key('/'))).toBe(true);
    expect(isOpenShortcut(key('k', document.body, { ctrlKey: true }))).toBe(true);
    expect(isOpenShortcut(key('K', document.body, { metaKey: true }))).toBe(true);
  });

  it('does not open on a plain k, Ctrl-/ or Alt-/', () => {
    expect(isOpenShortcut(key('k'))).toBe(false);
    expect(isOpenShortcut(key('/', document.body, { ctrlKey: true }))).toBe(false);
    expect(isOpenShortcut(key('/', document.body, { altKey: true }))).toBe(false);
  });

  it('does not open while the reader types in a field, a text area or an editor', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    const editor = document.createElement('div');
    editor.setAttribute('contenteditable', 'true');
    document.body.append(editor);
    for (const target of [input, area, editor]) {
      expect(isOpenShortcut(key('/', target)), target.tagName).toBe(false);
      expect(isOpenShortcut(key('k', target, { ctrlKey: true })), target.tagName).toBe(false);
    }
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    editor.remove();
  });
});
