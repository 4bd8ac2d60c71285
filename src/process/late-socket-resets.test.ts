import { expect, test } from 'bun:test'
import { isLateSocketReset } from './late-socket-resets'

/**
 * A real process with the guard installed, a real node:net socket emitting the error with no
 * listener (what Bun's node:net does on a late reset): the process goes on; any other uncaught
 * error still ends it with code 1.
 */
async function runGuarded(emitted: string) {
  const script = `
    import { Socket } from 'node:net'
    import { surviveLateSocketResets } from '${import.meta.dir}/late-socket-resets'
    surviveLateSocketResets({ warn: (message) => console.log('warned: ' + message) })
    const socket = new Socket()
    setTimeout(() => socket.emit('error', ${emitted}), 10)
    setTimeout(() => console.log('still serving'), 200)
  `
  const child = Bun.spawn(['bun', '--eval', script], { stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  return { stdout, stderr, code }
}

const reset =
  "Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' })"

test('a late read ECONNRESET on a socket nobody listens to is logged, and the process goes on', async () => {
  const { stdout, code } = await runGuarded(reset)
  expect(stdout).toContain('warned: a socket was reset after its owner stopped listening')
  expect(stdout).toContain('still serving')
  expect(code).toBe(0)
})

test('any other uncaught error still ends the process with code 1, printed', async () => {
  const { stdout, stderr, code } = await runGuarded(
    "Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' })",
  )
  expect(stdout).not.toContain('still serving')
  expect(stderr).toContain('write EPIPE')
  expect(code).toBe(1)
})

test('only a read reset counts', () => {
  expect(isLateSocketReset(Object.assign(new Error('x'), { code: 'ECONNRESET', syscall: 'read' }))).toBe(true)
  expect(isLateSocketReset(Object.assign(new Error('x'), { code: 'ECONNRESET', syscall: 'write' }))).toBe(
    false,
  )
  expect(isLateSocketReset(Object.assign(new Error('x'), { code: 'ECONNREFUSED', syscall: 'connect' }))).toBe(
    false,
  )
  expect(isLateSocketReset({ code: 'ECONNRESET', syscall: 'read' })).toBe(false)
  expect(isLateSocketReset(undefined)).toBe(false)
})
