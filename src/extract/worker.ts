/**
 * The extraction worker: PDF and DOCX parsing run here, off the thread that serves requests, so a
 * slow or hostile document can be cut off by terminating this worker without touching the server.
 */
import { type ExtractionJob, runExtraction } from './run-extraction'

declare const self: Worker

self.onmessage = async (event: MessageEvent<{ id: number; request: ExtractionJob }>) => {
  const { id, request } = event.data
  self.postMessage({ id, response: await runExtraction(request) })
}
