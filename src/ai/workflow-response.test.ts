import { describe, expect, test } from 'bun:test'
import {
  parseWorkflowResponse,
  WORKFLOW_EMPTY_REPLY,
  WORKFLOW_ERROR_REPLY,
  workflowReplyText,
} from './workflow-response'

const reply = (status: number, body: string) => workflowReplyText(parseWorkflowResponse(status, body))

describe('workflow response forms', () => {
  test('plain text is the reply', () => {
    expect(reply(200, 'Hello from the workflow')).toBe('Hello from the workflow')
  })

  test('a JSON string is unwrapped', () => {
    expect(reply(200, JSON.stringify('Quoted "reply"\nline two'))).toBe('Quoted "reply"\nline two')
  })

  test.each(['output', 'message', 'response', 'text'])('an object carrying %p is read', (field) => {
    expect(reply(200, JSON.stringify({ [field]: `via ${field}` }))).toBe(`via ${field}`)
  })

  test('output is preferred over the other fields', () => {
    expect(reply(200, JSON.stringify({ text: 'second', output: 'first' }))).toBe('first')
  })

  test('an array of objects joins their texts (n8n answers [{output}])', () => {
    expect(reply(200, JSON.stringify([{ output: 'one' }, { text: 'two' }]))).toBe('one\n\ntwo')
  })

  test('an array with a single string item', () => {
    expect(reply(200, JSON.stringify(['only']))).toBe('only')
  })

  test('a nested chat message { message: { content } } is read', () => {
    expect(reply(200, JSON.stringify({ message: { role: 'assistant', content: 'nested' } }))).toBe('nested')
  })

  test('a number is shown as text', () => {
    expect(reply(200, '42')).toBe('42')
  })
})

describe('workflow failures become the spec replies', () => {
  test.each([
    ['an empty body', 200, ''],
    ['whitespace only', 200, '  \n '],
    ['an empty JSON string', 200, '""'],
    ['null', 200, 'null'],
    ['an empty object', 200, '{}'],
    ['an empty array', 200, '[]'],
    ['an object with empty output', 200, '{"output":""}'],
  ])('%s → empty reply', (_name, status, body) => {
    expect(reply(status, body)).toBe(WORKFLOW_EMPTY_REPLY)
  })

  test.each([
    ['an object carrying error', 200, '{"error":"workflow crashed"}'],
    ['an error object with a message', 200, '{"error":{"message":"node failed"}}'],
    ['an array holding only an error', 200, '[{"error":"bad"}]'],
    ['HTTP 500', 500, '{"output":"ignored"}'],
    ['HTTP 404', 404, 'Not found'],
  ])('%s → error reply', (_name, status, body) => {
    expect(reply(status, body)).toBe(WORKFLOW_ERROR_REPLY)
  })

  test('the error detail is kept for the log', () => {
    expect(parseWorkflowResponse(200, '{"error":{"message":"node failed"}}')).toEqual({
      kind: 'error',
      detail: 'node failed',
    })
  })
})
