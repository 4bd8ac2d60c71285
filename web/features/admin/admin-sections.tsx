import type { LucideIcon } from 'lucide-react'
import {
  Archive,
  Boxes,
  CalendarClock,
  ChartColumn,
  KeyRound,
  LifeBuoy,
  Palette,
  Plug,
  ScrollText,
  Server,
  Share2,
  Users,
  UsersRound,
  Wallet,
} from 'lucide-react'
import type { ComponentType } from 'react'
import type { MessageId } from '../../i18n/catalogue'
import { lazyComponent } from '../../lib/lazy-component'
import { LoadingScreen } from '../../ui/loading-screen'
import { type AdminSectionId, sectionIdOf } from './section-ids'

/** A section's view, 'Loading...' until its code has arrived. */
const sectionView = (load: () => Promise<{ default: ComponentType }>) => lazyComponent(load, LoadingScreen)

export interface AdminSection {
  /** In the address: /admin/budgets. */
  id: AdminSectionId
  /** Its name in the navigation and as the page's heading. */
  label: Extract<MessageId, `admin.nav.${string}`>
  icon: LucideIcon
  /** Loaded when first opened, so the admin chunk grows by one small import per section. */
  component: ComponentType
}

/** The admin area's sections, in navigation order. Adding a section is one entry here. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    id: 'users',
    label: 'admin.nav.users',
    icon: Users,
    component: sectionView(() => import('./users/users-section').then((m) => ({ default: m.UsersSection }))),
  },
  {
    id: 'groups',
    label: 'admin.nav.groups',
    icon: UsersRound,
    component: sectionView(() =>
      import('./groups/groups-section').then((m) => ({ default: m.GroupsSection })),
    ),
  },
  {
    id: 'budgets',
    label: 'admin.nav.budgets',
    icon: Wallet,
    component: sectionView(() =>
      import('./budgets/budgets-section').then((m) => ({ default: m.BudgetsSection })),
    ),
  },
  {
    id: 'models',
    label: 'admin.nav.models',
    icon: Boxes,
    component: sectionView(() =>
      import('./models/models-section').then((m) => ({ default: m.ModelsSection })),
    ),
  },
  {
    id: 'branding',
    label: 'admin.nav.branding',
    icon: Palette,
    component: sectionView(() =>
      import('./branding/branding-section').then((m) => ({ default: m.BrandingSection })),
    ),
  },
  {
    id: 'sign-in',
    label: 'admin.nav.signIn',
    icon: KeyRound,
    component: sectionView(() =>
      import('./sign-in/sign-in-section').then((m) => ({ default: m.SignInSection })),
    ),
  },
  {
    id: 'api',
    label: 'admin.nav.api',
    icon: Plug,
    component: sectionView(() => import('./api-keys/api-section').then((m) => ({ default: m.ApiSection }))),
  },
  {
    id: 'mcp-servers',
    label: 'admin.nav.mcpServers',
    icon: Server,
    component: sectionView(() =>
      import('./mcp-servers/mcp-servers-section').then((m) => ({ default: m.McpServersSection })),
    ),
  },
  {
    id: 'sharing',
    label: 'admin.nav.sharing',
    icon: Share2,
    component: sectionView(() =>
      import('./sharing/sharing-section').then((m) => ({ default: m.SharingSection })),
    ),
  },
  {
    id: 'retention',
    label: 'admin.nav.retention',
    icon: CalendarClock,
    component: sectionView(() =>
      import('./retention/retention-section').then((m) => ({ default: m.RetentionSection })),
    ),
  },
  {
    id: 'usage',
    label: 'admin.nav.usage',
    icon: ChartColumn,
    // Brings the chart library (uPlot) with it: nothing else in the app loads it.
    component: sectionView(() => import('./usage/usage-section').then((m) => ({ default: m.UsageSection }))),
  },
  {
    id: 'impersonations',
    label: 'admin.nav.impersonations',
    icon: LifeBuoy,
    component: sectionView(() =>
      import('./impersonations/impersonations-section').then((m) => ({ default: m.ImpersonationsSection })),
    ),
  },
  {
    id: 'audit',
    label: 'admin.nav.audit',
    icon: ScrollText,
    component: sectionView(() => import('./audit/audit-section').then((m) => ({ default: m.AuditSection }))),
  },
  {
    id: 'backups',
    label: 'admin.nav.backups',
    icon: Archive,
    component: sectionView(() =>
      import('./backups/backups-section').then((m) => ({ default: m.BackupsSection })),
    ),
  },
]

/** The section an address names (`budgets`), else the first. */
export function sectionOf(id: string): AdminSection {
  const known = sectionIdOf(id)
  return ADMIN_SECTIONS.find((section) => section.id === known)!
}
