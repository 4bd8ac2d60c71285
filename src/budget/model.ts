import { t } from 'elysia'
import { ok } from '../http/model'

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const budgetStatus = t.Object({
  dailyUsed: t.Number(),
  dailyLimit: t.Number(),
  monthlyUsed: t.Number(),
  monthlyLimit: t.Number(),
  alertThreshold: t.Number(),
  enforceLimit: t.Boolean(),
})

export const budgetStatusResponse = ok(budgetStatus) // Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const budgetSource = t.Union([
  t.Literal('user'),
  t.Literal('group'),
  t.Literal('organisation'),
  t.Literal('environment'),
])
