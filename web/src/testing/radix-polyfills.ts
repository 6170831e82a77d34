// Browser APIs that Radix primitives (Select, Switch, Dialog) use and jsdom lacks. Call from a
// test file's beforeAll.

class NoopResizeObserver {
  observe(): void {
    // jsdom has no layout, so sizes never change.
  }
  unobserve(): void {
    // Nothing is observed.
  }
  disconnect(): void {
    // Nothing is observed.
  }
}

export function installRadixPolyfills(): void {
  if (!('ResizeObserver' in globalThis)) globalThis.ResizeObserver = NoopResizeObserver;
  // Typed as always present, so the presence checks go through a plain record.
  const element = Element.prototype as unknown as Record<string, unknown>;
  const stubs: Record<string, () => unknown> = {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    scrollIntoView: () => undefined,
  };
  for (const [name, stub] of Object.entries(stubs)) {
    if (typeof element[name] !== 'function') element[name] = stub;
  }
}
