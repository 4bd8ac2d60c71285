import { describe, expect, test } from 'bun:test'
import { DEFAULT_TAGLINE } from '../../../../src/branding/defaults'
import type { Branding } from '../../branding/branding-query'
import { changesOf, draftOf, normalizeColor, previewOf, problemsOf, storedDraft } from './branding-form'

const BRAND: Branding = {
  companyName: 'Acme',
  productName: 'Acme Chat',
  tagline: 'Ask',
  logoUrl: null,
  loginBackgroundUrl: null,
  primaryColor: '#a855f7',
  secondaryColor: '#ec4899',
}

describe('branding form', () => {
  test('colours: #rgb and #rrggbb in any case (the # optional) become lower-case #rrggbb', () => {
    expect(normalizeColor('#ABC')).toBe('#aabbcc')
    expect(normalizeColor(' A855F7 ')).toBe('#a855f7')
    expect(normalizeColor('#12345')).toBeNull()
    expect(normalizeColor('red')).toBeNull()
  })

  test('problems as the server would refuse them', () => {
    expect(problemsOf(draftOf(BRAND))).toEqual({})
    expect(
      problemsOf({
        companyName: '  ',
        productName: 'x'.repeat(61),
        tagline: 'a\nb',
        primaryColor: '#ggg',
        secondaryColor: '#fff',
      }),
    ).toEqual({
      companyName: { kind: 'empty' },
      productName: { kind: 'tooLong', max: 60 },
      tagline: { kind: 'oneLine' },
      primaryColor: { kind: 'color' },
    })
  })

  test('changes: only what differs, trimmed and normalised', () => {
    expect(changesOf(BRAND, draftOf(BRAND))).toEqual({})
    expect(
      changesOf(BRAND, {
        ...draftOf(BRAND),
        productName: ' New ',
        primaryColor: '#A855F7',
        secondaryColor: '#FFF',
      }),
    ).toEqual({
      productName: 'New',
      secondaryColor: '#ffffff',
    })
  })

  test('the preview takes each valid typed value and keeps the current one for the rest', () => {
    expect(previewOf(BRAND, { ...draftOf(BRAND), productName: 'Beta', primaryColor: '#12' })).toEqual({
      ...BRAND,
      productName: 'Beta',
    })
  })

  test('the built-in tagline is edited in the reader’s language and is no change as long as it stays so', () => {
    const builtIn = { ...BRAND, tagline: DEFAULT_TAGLINE }
    const draft = draftOf(builtIn, 'Der KI-Assistent deines Teams')
    expect(draft.tagline).toBe('Der KI-Assistent deines Teams')
    expect(changesOf(builtIn, storedDraft(draft, 'Der KI-Assistent deines Teams'))).toEqual({})
    expect(
      changesOf(
        builtIn,
        storedDraft({ ...draft, tagline: 'Unser Assistent' }, 'Der KI-Assistent deines Teams'),
      ),
    ).toEqual({ tagline: 'Unser Assistent' })
  })
})
