import { join } from 'node:path'
import type { AppContext } from '../../context'
import type { ChatTool, ToolFunction } from '../types'
import { findPyodideDir, PythonSandbox } from './sandbox'
import { toToolOutput } from './tool-output'

/**
 * The Code Interpreter tool (issue 30): Python (Pyodide, in a fresh child process per call; see
 * ./sandbox.ts and ./runner.ts). One sandbox per app context, so that its start-up snapshot and its
 * limit on children running at once are shared by every answer.
 */
const sandboxes = new WeakMap<AppContext, PythonSandbox | null>()

/** Run time: 10 s, or less when TOOL_TIMEOUT_MS leaves no room for the start as well. */
const runLimitMs = (toolTimeoutMs: number) => Math.max(1000, Math.min(10_000, Math.floor(toolTimeoutMs / 2)))

export function pythonSandbox(ctx: AppContext): PythonSandbox | null {
  if (sandboxes.has(ctx)) return sandboxes.get(ctx) ?? null
  const cacheDir = join(ctx.config.dataDir, 'cache')
  const pyodideDir = findPyodideDir(cacheDir)
  if (!pyodideDir) ctx.log.warn('code interpreter: the pyodide package is not installed; the tool is off')
  const sandbox = pyodideDir
    ? new PythonSandbox({
        pyodideDir,
        cacheDir,
        limits: { runMs: runLimitMs(ctx.config.ai.toolTimeoutMs) },
        log: ctx.log,
      })
    : null
  sandboxes.set(ctx, sandbox)
  return sandbox
}

function runPythonFunction(sandbox: PythonSandbox): ToolFunction {
  const { runMs, wasmMemoryBytes, outputBytes } = sandbox.limits
  return {
    name: 'run_python',
    description:
      'Runs Python 3.14 code (Pyodide) and returns what it prints, then the value of a final bare ' +
      'expression, then any error traceback. Standard library only (no pip packages, no numpy, no ' +
      'asyncio, no input()); no network; files only in an in-memory scratch folder (/tmp), gone after the call. Each call ' +
      `starts fresh: define everything you use in the same call. Limits: ${runMs / 1000} s run time, ` +
      `${Math.round(wasmMemoryBytes / (1024 * 1024))} MB memory, ${Math.round(outputBytes / 1024)} KB output.`,
    parameters: {
      type: 'object',
      properties: { code: { type: 'string', description: 'The Python source to run, as a script.' } },
      required: ['code'],
      additionalProperties: false,
    },
  }
}

/** The tool, or null where Pyodide is not installed. */
export function codeInterpreterTool(ctx: AppContext): ChatTool | null {
  const sandbox = pythonSandbox(ctx)
  if (!sandbox) return null
  const fn = runPythonFunction(sandbox)
  return {
    id: 'code-interpreter',
    functions: [fn],
    async run(name, args, run) {
      if (name !== fn.name)
        return { text: `Unknown function ${name}; this tool has only ${fn.name}.`, isError: true }
      const code = args.code
      if (typeof code !== 'string' || code.trim() === '') {
        return { text: 'The argument "code" must be a non-empty string of Python source.', isError: true }
      }
      const outcome = await sandbox.run(code, run.signal)
      if (outcome.kind === 'crashed') {
        ctx.log.error('code interpreter: the sandbox crashed', { chatId: run.chatId, detail: outcome.detail })
      }
      return toToolOutput(outcome, sandbox.limits)
    },
  }
}
