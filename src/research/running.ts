/**
 * The deep research runs this instance is working on, by run id: a cancel (through the run's lease),
 * a kill in a test or the shutdown reaches each through its controller.
 */
export class RunningResearch {
  readonly runs = new Map<string, AbortController>()
  /** Set at shutdown: the stopped runs drop their holds, so another instance takes them over at once. */
  releaseOnStop = false
}
