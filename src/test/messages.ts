import { expect } from 'bun:test'
import { outcome, type RecordedEvent, type TestApp, type TestUser } from './harness'
import { waitFor } from './wait'

export type { TestUser }

/** A raw JSON request's init, for suites not yet on the typed client (`chatActions` is typed). */
export const jsonInit = (user: TestUser, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...user.headers, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
})

type ChatApi = ReturnType<ReturnType<TestApp['as']>['api']['chats']>
/** What `POST /api/chats/:id/messages` takes. */
export type SendBody = Parameters<ChatApi['messages']['post']>[0]

/** Chat-level actions of one user against a test app, through the typed client. */
export function chatActions(t: TestApp, user: TestUser) {
  const chat = (chatId: string) => t.as(user).api.chats({ id: chatId })
  const send = (chatId: string, body: SendBody) => chat(chatId).messages.post(body)
  return {
    async createChat(title?: string): Promise<string> {
      const { data, status } = await t.as(user).api.chats.post(title ? { title } : {})
      expect(status).toBe(201)
      return data!.data.id
    },
    send,
    /** Sends and returns the assistant message id (asserting the 202). */
    async sendOk(chatId: string, content: string, extra: Omit<SendBody, 'content'> = {}): Promise<string> {
      const res = await send(chatId, { content, ...extra })
      expect(outcome(res)).toMatchObject({ status: 202 })
      return res.data!.data.assistantMessageId
    },
    async messages(chatId: string, query: { cursor?: string; limit?: number } = {}) {
      return (await chat(chatId).messages.get({ query })).data!.data
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
