import { describe, expect, test } from 'bun:test'
import { addVariable, allVariables, extractVariables, fillVariables } from './variables'

describe('extractVariables', () => {
  test('finds each {NAME} upper-cased, once, in order', () => {
    expect(extractVariables('Translate {text} into {Language}; keep {TEXT} short')).toEqual([
      'TEXT',
      'LANGUAGE',
    ])
  })
  test('ignores braces that are not a name', () => {
    expect(extractVariables('json { "a": 1 } and {} and {two words} and {{x}')).toEqual(['X'])
  })
  test('a text without placeholders has none', () => {
    expect(extractVariables('plain text')).toEqual([])
  })
})

describe('addVariable', () => {
  test('adds a non-blank new name, upper-cased, braces dropped', () => {
    expect(addVariable(['A'], ' {tone} ')).toEqual(['A', 'TONE'])
  })
  test('a blank name or one already present adds nothing', () => {
    expect(addVariable(['TONE'], '   ')).toEqual(['TONE'])
    expect(addVariable(['TONE'], 'tone')).toEqual(['TONE'])
  })
})

test('allVariables joins the custom ones and those of the text without repeats', () => {
  expect(allVariables(['TONE', 'topic'], 'About {TOPIC} for {audience}')).toEqual([
    'TONE',
    'TOPIC',
    'AUDIENCE',
  ])
})

describe('fillVariables', () => {
  test('replaces case-insensitively, every occurrence', () => {
    expect(fillVariables('Hi {name}, {NAME}! {Name}.', { NAME: 'Ana' })).toBe('Hi Ana, Ana! Ana.')
  })
  test('keys are matched case-insensitively too', () => {
    expect(fillVariables('{TOPIC}', { topic: 'cats' })).toBe('cats')
  })
  test('a value with $ or braces is inserted as written', () => {
    expect(fillVariables('{A} {B}', { A: '$1 $&', B: '{B}' })).toBe('$1 $& {B}')
  })
  test('a variable without a value stays as written', () => {
    expect(fillVariables('{A} {B}', { A: 'x' })).toBe('x {B}')
  })
})
