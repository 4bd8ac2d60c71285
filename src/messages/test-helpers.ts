import { expect } from 'bun:test'
import type { RecordedEvent, TestApp } from '../test/harness'
import { waitFor } from '../test/wait'

export type TestUser = Awaited<ReturnType<TestApp['createUser']>>

export const jsonInit = (user: TestUser, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...user.headers, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
})

/** Chat-level actions of one user against a test app, for the conversation suites. */
export function chatActions(t: TestApp, user: TestUser) {
  return {
    async createChat(title?: string): Promise<string> {
      const res = await t.request('/api/chats', jsonInit(user, 'POST', title ? { title } : {}))
      expect(res.status).toBe(201)
      return (await res.json()).data.id
    },
    send(chatId: string, body: Record<string, unknown>) {
      return t.request(`/api/chats/${chatId}/messages`, jsonInit(user, 'POST', body))
    },
    /** Sends and returns the assistant message id (asserting the 202). */
    async sendOk(chatId: string, content: string, extra: Record<string, unknown> = {}): Promise<string> {
      const res = await t.request(
        `/api/chats/${chatId}/messages`,
        jsonInit(user, 'POST', { content, ...extra }),
      )
      const body = await res.json()
      expect({ status: res.status, body }).toMatchObject({ status: 202 })
      return body.data.assistantMessageId
    },
    async messages(chatId: string, query = '') {
      const res = await t.request(`/api/chats/${chatId}/messages${query}`, { headers: user.headers })
      return (await res.json()).data as {
        messages: { id: string; content: string; is_user: boolean; status: string; error: string | null }[]
        nextCursor: string | null
      }
    },
  }
}

/** Waits for the reply's final event (completed or failed) among the recorded pushes. */
export function waitForOutcome(t: TestApp, messageId: string, timeoutMs = 10_000): Promise<RecordedEvent> {
  return waitFor(
    () =>
      t.events.find(
        (event) =>
          (event.event === 'message:completed' &&
            (event.payload as { message: { id: string } }).message.id === messageId) ||
          (event.event === 'message:failed' &&
            (event.payload as { messageId: string }).messageId === messageId),
      ),
    timeoutMs,
    `the outcome of ${messageId}`,
  )
}

export function deltasOf(t: TestApp, messageId: string) {
  return t.events
    .filter(
      (event) =>
        event.event === 'message:delta' && (event.payload as { messageId: string }).messageId === messageId,
    )
    .map((event) => event.payload as { delta: string; seq: number })
}
