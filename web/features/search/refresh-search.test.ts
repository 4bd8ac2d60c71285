import { expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import { refreshSearch, SEARCH_KEY } from './refresh-search'

/** A client that counts the searches read again, and which keys were asked for. */
function countingClient() {
  const client = new QueryClient()
  const asked: unknown[] = []
  client.invalidateQueries = (async (filters?: { queryKey?: unknown }) => {
    asked.push(filters?.queryKey)
  }) as QueryClient['invalidateQueries']
  return { client, asked }
}

/** Until the searches were read again `count` times (a timer may fire late on a loaded machine). */
async function readAgain(asked: unknown[], count: number) {
  for (let waited = 0; asked.length < count && waited < 5_000; waited += 20) await Bun.sleep(20)
}

test('a burst of changes reads the searches again once, after it settles', async () => {
  const { client, asked } = countingClient()
  refreshSearch(client)
  refreshSearch(client)
  refreshSearch(client)
  expect(asked).toEqual([])
  await readAgain(asked, 1)
  // Past the wait: still once for the three.
  await Bun.sleep(350)
  expect(asked).toEqual([SEARCH_KEY])
  // A change after that reads them again.
  refreshSearch(client)
  await readAgain(asked, 2)
  expect(asked).toEqual([SEARCH_KEY, SEARCH_KEY])
})

test('each query client has its own wait', async () => {
  const first = countingClient()
  const second = countingClient()
  refreshSearch(first.client)
  refreshSearch(second.client)
  await readAgain(first.asked, 1)
  await readAgain(second.asked, 1)
  expect(first.asked).toHaveLength(1)
  expect(second.asked).toHaveLength(1)
})
