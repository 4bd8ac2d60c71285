import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { t } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { impersonationQuery } from '../impersonation/impersonation-query'
import type { Model } from '../models/models-query'
import { agentShortName } from './agent-names'
import { type Agent, agentsQuery, putAgent, saveAgentSettings } from './agents-api'
import { pickAgent, selectableAgents, setChosenAgentId, useChosenAgentId } from './selected-agent'
import '../../i18n/areas/agents'

/** The provider of the models that stand for the workflow-automation service, and its name. */
export const WORKFLOW_PROVIDER = 'workflow'
export const WORKFLOW_SERVICE = 'n8n'

/**
 * The composer's agent: the enabled agents, the one messages go to, choosing one (spec section 4,
 * 'Agent selection and visibility') and hiding or showing one.
 */
export function useAgentChoice({
  models,
  chooseModel,
}: {
  models: readonly Model[]
  chooseModel: (modelId: string) => void
}) {
  const queryClient = useQueryClient()
  const agents = useQuery(agentsQuery)
  const chosenId = useChosenAgentId()
  const list = agents.data ?? []
  const selected = pickAgent(list, chosenId)

  useEffect(() => {
    const data = agents.data
    if (!data || !hasLegacyKeys()) return
    // Only a browser that still has the spec's keys fetches the import (decision 125).
    void import('./legacy-import').then(({ importLegacySettings }) =>
      importLegacySettings(queryClient, data, async () =>
        Boolean(await queryClient.fetchQuery(impersonationQuery).catch(() => null)),
      ),
    )
  }, [agents.data, queryClient])

  const visibility = useMutation({
    mutationFn: ({ agent, visible }: { agent: Agent; visible: boolean }) =>
      saveAgentSettings(agent.id, { visible }),
    onMutate: ({ agent, visible }) => {
      const previous = queryClient.getQueryData(agentsQuery.queryKey)
      queryClient.setQueryData(agentsQuery.queryKey, (current) => putAgent(current, { ...agent, visible }))
      return { previous }
    },
    onSuccess: (saved) =>
      queryClient.setQueryData(agentsQuery.queryKey, (current) => putAgent(current, saved)),
    onError: (error, _change, context) => {
      queryClient.setQueryData(agentsQuery.queryKey, context?.previous)
      toast.error(error.message)
    },
  })

  function choose(agent: Agent) {
    if (!agent.enabled || !agent.visible) return
    setChosenAgentId(agent.id)
    const workflowModel = models.find((model) => model.provider === WORKFLOW_PROVIDER)
    if (workflowModel) {
      chooseModel(workflowModel.id)
      toast.success(t('agents.switchedUsing', { agent: agentShortName(agent), service: WORKFLOW_SERVICE }))
    } else {
      toast.success(t('agents.switched', { agent: agentShortName(agent) }))
    }
  }

  return {
    /** The dropdown's list: enabled agents, hidden ones included (greyed out). */
    agents: list.filter((agent) => agent.enabled),
    loading: agents.isPending,
    /** Messages go with this agent; null when none is visible (the dropdown is gone). */
    selected,
    /** Spec: the dropdown disappears when no agent is visible. */
    shown: selectableAgents(list).length > 0,
    choose,
    setVisible: (agent: Agent, visible: boolean) => visibility.mutate({ agent, visible }),
  }
}

/** Whether this browser still holds any of the spec's local agent keys (see legacy-import.ts). */
function hasLegacyKeys(): boolean {
  try {
    return ['agent_visibility', 'agent_config', 'calendar_agent_config'].some(
      (key) => localStorage.getItem(key) !== null,
    )
  } catch {
    return false
  }
}
