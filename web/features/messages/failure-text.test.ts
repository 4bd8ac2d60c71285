import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { messages as french } from '../../i18n/compiled/fr'
import { i18n } from '../../i18n/i18n'
import { indexErrorText } from '../knowledge/knowledge-text'
import { adminModelTexts, modelDescription, modelName } from '../models/model-texts'
import { researchNotesText } from '../research/note-text'
import { failureReasonText } from './failure-text'

/*
 * What the server stores as codes is worded in the reader's language (decision 150); what it does
 * not know by code, or rows from before codes, read as the server's English.
 */
beforeAll(() => {
  i18n.load('fr', french)
  i18n.activate('fr')
})
afterAll(() => i18n.activate('en'))

describe('a failed answer’s reason', () => {
  test('worded from its code and values, the provider’s own words kept', () => {
    const english = 'The AI provider answered 429: Rate limit reached'
    expect(
      failureReasonText({
        error: english,
        error_code: 'provider_status',
        error_values: { status: 429, detail: 'Rate limit reached' },
      }),
    ).toBe('Le fournisseur d’IA a répondu 429\u00a0: Rate limit reached')
    expect(
      failureReasonText({ error: 'x', error_code: 'provider_timeout', error_values: { seconds: 30 } }),
    ).toBe('Le fournisseur d’IA n’a pas répondu en 30 secondes')
    expect(failureReasonText({ error: 'x', error_code: 'interrupted', error_values: {} })).toBe(
      'La réponse a été interrompue par l’arrêt du serveur',
    )
  })

  test('“Failed to conduct research” adds nothing under its own title; an old row keeps its English', () => {
    expect(
      failureReasonText({ error: 'Failed to conduct research', error_code: 'research_failed' }),
    ).toBeNull()
    expect(failureReasonText({ error: 'The AI provider failed' })).toBe('The AI provider failed')
    expect(failureReasonText({ error: null })).toBeNull()
  })
})

test('a research run’s notes from their codes; a run without codes as stored', () => {
  expect(
    researchNotesText({
      notes: ['The web search did not answer; its results are missing', 'example.org could not be read (x)'],
      noteCodes: [
        { code: 'web_search_failed' },
        { code: 'page_unreadable', host: 'example.org', detail: 'x' },
      ],
    }),
  ).toEqual([
    'La recherche web n’a pas répondu\u00a0; ses résultats manquent',
    'example.org n’a pas pu être lu',
  ])
  expect(researchNotesText({ notes: ['Old English note'] })).toEqual(['Old English note'])
})

test('an indexing failure Parley knows by code reads in French; the provider’s own words stay', () => {
  expect(
    indexErrorText({ index_error: 'OpenAI API error: the request timed out', index_error_code: 'timeout' }),
  ).toBe('Le fournisseur d’embeddings n’a pas répondu à temps')
  expect(indexErrorText({ index_error: 'OpenAI API error: bad input', index_error_code: 'provider' })).toBe(
    'OpenAI API error: bad input',
  )
})

test('Parley’s own models in French unless an administrator named them; providers’ models as named', () => {
  const workflow = {
    name: 'Workflow agents',
    description: 'Agents running in the workflow-automation service (n8n)',
    name_code: 'workflow' as const,
    description_code: 'workflow' as const,
  }
  expect(modelName(workflow)).toBe('Agents de workflow')
  expect(modelDescription(workflow)).toBe(
    'Agents exécutés dans le service d’automatisation de workflows (n8n)',
  )
  expect(modelName({ name: 'gpt-4o', description: '' })).toBe('gpt-4o')
  const renamed = adminModelTexts({
    provider: 'demo',
    effective: { name: 'Try me', description: 'Offline demo model: explains how to connect an AI provider' },
    overrides: { displayName: 'Try me', displayDescription: null },
  })
  expect(modelName(renamed)).toBe('Try me')
  expect(modelDescription(renamed)).toBe(
    'Modèle de démonstration hors ligne : explique comment connecter un fournisseur d’IA',
  )
})
