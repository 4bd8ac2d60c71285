import { Elysia } from 'elysia'

/**
 * The API reference at /api/docs, served entirely from our origin. @elysiajs/openapi's default page
 * loads Scalar from a CDN: a third-party script on our origin, able to read whatever the page can.
 * The plugin now serves only the spec (/api/docs/json, provider: null); this page and its small
 * script render that spec, under a CSP that allows scripts from our origin alone.
 */

export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley API</title>
<link rel="stylesheet" href="/api/docs/assets/reference.css">
<script src="/api/docs/assets/reference.js" defer></script>
</head>
<body>
<header><h1>Parley API</h1><p>The OpenAPI document: <a href="/api/docs/json">/api/docs/json</a></p></header>
<main id="reference" data-spec="/api/docs/json"><p>Loading…</p></main>
</body>
</html>
`

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#222;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#1b1b1f}a{color:#9cf}pre{background:#26262c!important}}
h1{margin:.2rem 0}section{border-top:1px solid #8884;padding:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font:600 13px ui-monospace,monospace;text-transform:uppercase}
.path{font-family:ui-monospace,monospace}details{margin:.2rem 0 .2rem 4.5rem}
pre{background:#f4f4f6;padding:.5rem;overflow:auto;font-size:13px}`

// Plain DOM, no innerHTML: spec text is shown as text.
const SCRIPT = `'use strict'
addEventListener('DOMContentLoaded', async function () {
  var root = document.getElementById('reference')
  function el(tag, text, className) {
    var node = document.createElement(tag)
    if (text) node.textContent = text
    if (className) node.className = className
    return node
  }
  function block(title, value) {
    var details = el('details')
    details.append(el('summary', title), el('pre', JSON.stringify(value, null, 2)))
    return details
  }
  try {
    var response = await fetch(root.dataset.spec, { headers: { accept: 'application/json' } })
    var spec = await response.json()
    root.textContent = ''
    Object.keys(spec.paths || {}).sort().forEach(function (path) {
      var operations = spec.paths[path]
      Object.keys(operations).forEach(function (method) {
        var op = operations[method] || {}
        var section = el('section')
        var line = el('div')
        line.append(el('span', method, 'method'), el('span', path, 'path'))
        section.append(line)
        if (op.summary) section.append(el('p', op.summary))
        if (op.parameters && op.parameters.length) section.append(block('Parameters', op.parameters))
        if (op.requestBody) section.append(block('Request body', op.requestBody))
        if (op.responses) section.append(block('Responses', op.responses))
        root.append(section)
      })
    })
  } catch (error) {
    root.textContent = 'The API description could not be loaded: ' + error
  }
})
`

export const apiDocsPage = () =>
  new Elysia({ name: 'http.api-docs' })
    .get(
      '/api/docs',
      () =>
        new Response(PAGE, {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': API_DOCS_CSP,
            'x-content-type-options': 'nosniff',
            'referrer-policy': 'same-origin',
          },
        }),
      { detail: { hide: true } },
    )
    .get('/api/docs/assets/reference.js', () => asset(SCRIPT, 'text/javascript; charset=utf-8'), {
      detail: { hide: true },
    })
    .get('/api/docs/assets/reference.css', () => asset(STYLE, 'text/css; charset=utf-8'), {
      detail: { hide: true },
    })

function asset(body: string, type: string) {
  return new Response(body, {
    headers: { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' },
  })
}
