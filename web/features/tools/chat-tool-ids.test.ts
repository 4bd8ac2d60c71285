import { describe, expect, test } from 'bun:test'
import { chatToolsOf, enabledCount, toggledTools, toolsAfterPrompt } from './chat-tool-ids'

test('chatToolsOf reads the config’s tools, none when it has no field', () => {
  expect(chatToolsOf({ tools: ['web-search', 'mcp:1'] })).toEqual(['web-search', 'mcp:1'])
  expect(chatToolsOf({ web_search_enabled: true })).toEqual([])
  expect(chatToolsOf(undefined)).toEqual([])
})

test('toggledTools turns one on (at the end, once) or off', () => {
  expect(toggledTools(['web-search'], 'file-search', true)).toEqual(['web-search', 'file-search'])
  expect(toggledTools(['web-search'], 'web-search', true)).toEqual(['web-search'])
  expect(toggledTools(['web-search', 'mcp:1'], 'web-search', false)).toEqual(['mcp:1'])
})

describe('toolsAfterPrompt', () => {
  const available = ['web-search', 'file-search', 'mcp:a', 'mcp:b']

  test('adds the prompt’s tools the person may use, keeping what is on', () => {
    expect(toolsAfterPrompt(['file-search'], ['web-search', 'code-interpreter'], available)).toEqual([
      'file-search',
      'web-search',
    ])
  })

  test('the prompt library’s mcp means every MCP server listed for the person', () => {
    expect(toolsAfterPrompt([], ['mcp'], available)).toEqual(['mcp:a', 'mcp:b'])
    expect(toolsAfterPrompt(['mcp:b'], ['mcp'], available)).toEqual(['mcp:b', 'mcp:a'])
  })

  test('nothing to change: null (no request is made)', () => {
    expect(toolsAfterPrompt(['web-search'], ['web-search'], available)).toBeNull()
    expect(toolsAfterPrompt([], ['image-generation'], available)).toBeNull()
    expect(toolsAfterPrompt([], [], available)).toBeNull()
    expect(toolsAfterPrompt([], ['mcp'], ['web-search'])).toBeNull()
  })
})

test('enabledCount counts only tools still on offer', () => {
  expect(enabledCount(['web-search', 'mcp:gone'], ['web-search'])).toBe(1)
  expect(enabledCount(['web-search', 'mcp:gone'], undefined)).toBe(2)
})
