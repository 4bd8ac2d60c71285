/**
 * A worker for the pool tests that misbehaves on request: answers, throws, exits, or never answers.
 * It stands in for a parser that crashes or hangs on a hostile document.
 */

// A module (not a script), so this `self` declaration stays local to the file.
export {}

declare const self: Worker

type Behaviour = 'echo' | 'throw' | 'exit' | 'hang'

self.onmessage = (event: MessageEvent<{ id: number; request: { behaviour: Behaviour; value: string } }>) => {
  const { id, request } = event.data
  if (request.behaviour === 'throw') throw new Error('parser exploded')
  if (request.behaviour === 'exit') process.exit(3)
  if (request.behaviour === 'hang') {
    while (true) {
      // A busy loop, not a pending promise: the worker's thread is stuck, as with a pathological parse.
    }
  }
  self.postMessage({ id, response: `echo:${request.value}` })
}
