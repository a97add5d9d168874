import { apiBase } from '../http/api-prefix.ts'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import {
  createWebhook, deleteWebhook, getWebhook, listWebhooks, redeliver, testWebhook, updateWebhook, webhookLogs,
} from '../../webhooks/service.ts'
import { jsonResponse as json } from '../http/json-text.ts'

/**
 * Webhook management (spec: admin ability, a token always). The delivery loop is started with
 * the server (server/lifecycle/start.ts), not here: building the app starts nothing.
 */
export function registerWebhookRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/webhooks', ability: 'admin', token: 'always', summary: 'List webhooks (bare array; secrets never shown)',
      answer: 'WebhookList',
      handler: () => listWebhooks(ctx),
    },
    {
      serial: true, method: 'POST', path: '/webhooks', status: 201, ability: 'admin', token: 'always', summary: 'Create a webhook (201)',
      input: 'WebhookInput', answer: 'Webhook',
      handler: async (event) => json(201, await createWebhook(ctx, await readJsonBody(event, ctx))),
    },
    {
      method: 'GET', path: '/webhooks/:uuid', ability: 'admin', token: 'always', summary: 'One webhook',
      answer: 'Webhook',
      handler: (event) => getWebhook(ctx, param(event, 'uuid')),
    },
    {
      serial: true, method: 'PUT', path: '/webhooks/:uuid', ability: 'admin', token: 'always', summary: 'Update a webhook (omitted fields, secret included, are kept)',
      input: 'WebhookInput', answer: 'Webhook',
      handler: async (event) => updateWebhook(ctx, param(event, 'uuid'), await readJsonBody(event, ctx)),
    },
    {
      serial: true, method: 'PATCH', path: '/webhooks/:uuid', ability: 'admin', token: 'always', summary: 'Update a webhook (same as PUT)',
      input: 'WebhookInput', answer: 'Webhook',
      handler: async (event) => updateWebhook(ctx, param(event, 'uuid'), await readJsonBody(event, ctx)),
    },
    {
      serial: true, method: 'DELETE', path: '/webhooks/:uuid', ability: 'admin', token: 'always', summary: 'Delete a webhook (204)', produces: 'empty',
      handler: async (event) => {
        await deleteWebhook(ctx, param(event, 'uuid'))
        return new Response(null, { status: 204 })
      },
    },
    {
      method: 'GET', path: '/webhooks/:uuid/logs', ability: 'admin', token: 'always', summary: 'Delivery attempts, newest first (`paginate`, `page`)',
      answer: 'WebhookLogs',
      handler: (event) => webhookLogs(ctx, param(event, 'uuid'), { paginate: event.url.searchParams.get('paginate'), page: event.url.searchParams.get('page') }, apiBase(event)),
    },
    {
      method: 'POST', path: '/webhooks/:uuid/test', ability: 'admin', token: 'always', summary: 'Send a signed test ping now; answers with the receiver\'s reply',
      answer: 'WebhookTest',
      handler: (event) => testWebhook(ctx, param(event, 'uuid')),
    },
    {
      method: 'POST', path: '/webhooks/deliveries/:delivery/redeliver', status: 202, ability: 'admin', token: 'always', summary: 'Queue a logged delivery again (new delivery_id) (202)',
      answer: 'WebhookRedelivery',
      handler: async (event) => json(202, await redeliver(ctx, param(event, 'delivery'))),
    },
  ])
}

const param = (event: H3Event, name: string): string => event.context.params?.[name] ?? ''

