// Reading what a faked fetch call sent.

/** The JSON body of the call, or undefined when it sent none (or a non-string body). */
export function jsonBodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}
