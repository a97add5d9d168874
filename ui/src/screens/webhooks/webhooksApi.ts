import { useQuery } from '@tanstack/react-query'
import { api } from '../../api.ts'
import type { Paginated } from '../../types.ts'
import type { DeliveryLogRecord } from '../../../../src/webhooks/logs.ts'
import type { TestResult, WebhookOutput } from '../../../../src/webhooks/service.ts'

export type { TestResult }
/** A webhook as `/webhooks` answers it: the record plus its collections spelled out (webhooks/service.ts). */
export type Webhook = WebhookOutput
/** One delivery attempt as `/webhooks/{uuid}/logs` answers it (webhooks/logs.ts). */
export type DeliveryLog = DeliveryLogRecord

export const EVENTS = [
  'content.created', 'content.updated', 'content.published', 'content.unpublished', 'content.trashed',
  'content.restored', 'content.deleted', 'asset.created', 'asset.updated', 'asset.deleted',
] as const
export const SOURCES: Array<[string, string]> = [['api', 'API and editor'], ['cli', 'Command line'], ['file', 'File changes (git pull, hand edits)'], ['schedule', 'Scheduled publishing (entries and releases going live at their time)']]

export function useWebhooks() {
  return useQuery({ queryKey: ['webhooks'], queryFn: async () => (await api.get<Webhook[]>('/webhooks')).data })
}

export function useDeliveryLogs(uuid: string, page: number) {
  return useQuery({
    queryKey: ['webhooks', uuid, 'logs', page],
    queryFn: async () => (await api.get<Paginated<DeliveryLog>>(`/webhooks/${encodeURIComponent(uuid)}/logs`, { query: { paginate: 20, page } })).data,
    // Retries happen in the background on the server; keep the log current while it is open.
    refetchInterval: 5000,
  })
}

export const isSuccess = (status: string): boolean => /^2\d\d$/.test(status)
