import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { encodeBase64url } from '@oslojs/encoding'
import { DEFAULT_TAGLINE } from '../branding/defaults'
import { readImagePriceEntries, readModelPrices } from './model-prices'
import {
  ConfigError,
  type Env,
  readBool,
  readChoice,
  readColor,
  readHostList,
  readInt,
  readList,
  readNumber,
  readOptionalNumber,
  readString,
  readTimeZone,
  readUrl,
} from './parse'

export { ConfigError } from './parse'

/**
 * Every setting Parley reads, parsed and validated once at start-up (see README "Configuration").
 * Nothing else in the code reads `process.env`.
 */
export function loadConfig(env: Env = process.env) {
  const dataDir = resolve(readString(env, 'DATA_DIR') ?? './data')
  const port = readInt(env, 'PORT', 3000, 0, 65535)
  const s3Bucket = readString(env, 'S3_BUCKET')
  const s3 = s3Bucket
    ? {
        bucket: s3Bucket,
        endpoint: readUrl(env, 'S3_ENDPOINT', ['http:', 'https:']),
        region: readString(env, 'S3_REGION') ?? 'us-east-1',
        accessKeyId: required(env, 'S3_ACCESS_KEY_ID', 'is required when S3_BUCKET is set'),
        secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY', 'is required when S3_BUCKET is set'),
      }
    : undefined

  return {
    port,
    host: readString(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    /** With several instances: socket events travel through Redis instead of Postgres (decision 128). */
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    /**
     * Without DATABASE_URL: PGlite on the serving thread ('inline'), or in a child process behind a
     * unix socket ('process'; docs/decisions/116-embedded-database-process.md).
     */
    embeddedDatabase: readChoice(env, 'EMBEDDED_DATABASE', ['inline', 'process'] as const, 'process'),
    /**
     * On Postgres, back up before migrations change a database that holds data (the embedded
     * database always is: src/backups/before-migrate.ts).
     */
    backupBeforeMigrate: readBool(env, 'BACKUP_BEFORE_MIGRATE', true),
    appUrl: readUrl(env, 'APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
    appSecret: readString(env, 'APP_SECRET'),
    logLevel: (readString(env, 'LOG_LEVEL') ?? 'info') as 'debug' | 'info' | 'warn' | 'error' | 'silent',
    mail: {
      smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      from: readString(env, 'MAIL_FROM') ?? 'Parley <no-reply@localhost>',
    },
    requireEmailConfirmation: readBool(env, 'REQUIRE_EMAIL_CONFIRMATION', false),
    /** Honour X-Forwarded-For for the client IP; only behind a proxy that sets it. */
    trustProxy: readBool(env, 'TRUST_PROXY', false),
    rateLimits: readRateLimits(env),
    /** argon2id cost; the defaults are Bun's (64 MiB, 2 passes), above OWASP's minimum. */
    passwordHash: {
      memoryCost: readInt(env, 'PASSWORD_HASH_MEMORY_KIB', 65_536, 1024, 4_194_304),
      timeCost: readInt(env, 'PASSWORD_HASH_ITERATIONS', 2, 1, 100),
    },
    s3,
    ai: {
      openaiBaseUrl: readUrl(env, 'OPENAI_BASE_URL', ['http:', 'https:']),
      openaiApiKey: readString(env, 'OPENAI_API_KEY'),
      openaiModels: readList(env, 'OPENAI_MODELS'),
      embeddingModel: readString(env, 'EMBEDDING_MODEL') ?? 'text-embedding-3-small',
      embeddingDimensions: readInt(env, 'EMBEDDING_DIMENSIONS', 1536, 1, 16000),
      /**
       * Each embeddings request is cut off after this (not AI_TIMEOUT_MS, which is sized for a chat
       * reply): a hanging provider marks a knowledge entry failed, with Retry, in seconds.
       */
      embeddingTimeoutMs: readInt(env, 'EMBEDDING_TIMEOUT_MS', 30_000, 1000, 600_000),
      /** The knowledge answers' minimum similarity until an administrator sets one (spec: 0.7). */
      ragMinSimilarity: readNumber(env, 'RAG_MIN_SIMILARITY', 0.7, 0, 1),
      /** Empty (`IMAGE_MODEL=`) turns image generation off. */
      imageModel: env.IMAGE_MODEL === '' ? null : (readString(env, 'IMAGE_MODEL') ?? 'dall-e-3'),
      /** The sizes IMAGE_PRICES prices; the others cost the default until an administrator sets them. */
      imagePrices: readImagePriceEntries(env),
      /** Empty (`TRANSCRIPTION_MODEL=`) turns server-side dictation off. */
      transcriptionModel:
        env.TRANSCRIPTION_MODEL === '' ? null : (readString(env, 'TRANSCRIPTION_MODEL') ?? 'whisper-1'),
      n8nWebhookUrl: readUrl(env, 'N8N_WEBHOOK_URL', ['http:', 'https:']),
      /** Signs each workflow request (HMAC-SHA256) unless an administrator set an agent's own secret. */
      workflowSigningSecret: readString(env, 'WORKFLOW_SIGNING_SECRET') ?? null,
      searxngUrl: readUrl(env, 'SEARXNG_URL', ['http:', 'https:']),
      requestTimeoutMs: readInt(env, 'AI_TIMEOUT_MS', 120_000, 1000, 3_600_000),
      /** Each tool call is cut off after this and fails; the answer goes on (issue 30). */
      toolTimeoutMs: readInt(env, 'TOOL_TIMEOUT_MS', 30_000, 100, 600_000),
      /** The model calls at most this many rounds of tools in one answer; then it must answer. */
      toolMaxSteps: readInt(env, 'TOOL_MAX_STEPS', 10, 1, 50),
      modelPrices: readModelPrices(env),
    },
    /** The calendar agent's OAuth provider (docs/decisions/124); Google's endpoints by default. */
    calendarOauth: {
      authorizeUrl:
        readUrl(env, 'CALENDAR_OAUTH_AUTHORIZE_URL', ['http:', 'https:']) ??
        'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl:
        readUrl(env, 'CALENDAR_OAUTH_TOKEN_URL', ['http:', 'https:']) ??
        'https://oauth2.googleapis.com/token',
      userinfoUrl:
        readUrl(env, 'CALENDAR_OAUTH_USERINFO_URL', ['http:', 'https:']) ??
        'https://openidconnect.googleapis.com/v1/userinfo',
      revokeUrl:
        readUrl(env, 'CALENDAR_OAUTH_REVOKE_URL', ['http:', 'https:']) ??
        'https://oauth2.googleapis.com/revoke',
      scopes:
        readString(env, 'CALENDAR_OAUTH_SCOPES') ?? 'openid email https://www.googleapis.com/auth/calendar',
    },
    /** The identity provider set by the environment (issue 29): id `env` in src/identity; null when OIDC_ISSUER is unset. */
    oidc: readOidc(env),
    /** Password sign-in on the web until an administrator's setting says otherwise (the CLI always works). */
    passwordSignIn: readBool(env, 'PASSWORD_SIGN_IN', true),
    /** The team API (/v1, personal keys; issue 31) until an administrator's setting says otherwise. */
    apiKeys: readBool(env, 'API_KEYS', true),
    /** Calls per minute one API key may make (0: no limit). */
    apiKeyRateLimit: readInt(env, 'API_KEY_RATE_LIMIT', 60, 0, 1_000_000),
    research: {
      /** The model deep research uses; unset: the user's preferred model. */
      model: readString(env, 'RESEARCH_MODEL') ?? null,
      /** OpenAlex's API for academic sources; empty (`RESEARCH_OPENALEX_URL=`) turns it off. */
      openalexUrl:
        env.RESEARCH_OPENALEX_URL === ''
          ? null
          : (readUrl(env, 'RESEARCH_OPENALEX_URL', ['http:', 'https:']) ?? 'https://api.openalex.org'),
      /** arXiv's API for academic sources; empty (`RESEARCH_ARXIV_URL=`) turns it off. */
      arxivUrl:
        env.RESEARCH_ARXIV_URL === ''
          ? null
          : (readUrl(env, 'RESEARCH_ARXIV_URL', ['http:', 'https:']) ?? 'https://export.arxiv.org'),
    },
    /** Hosts (names or addresses, any port or one) server-side page fetches may reach although they are private. */
    fetchAllowedHosts: readHostList(env, 'FETCH_ALLOWED_HOSTS'),
    budget: {
      dailyLimit: readOptionalNumber(env, 'BUDGET_DAILY_LIMIT', 0),
      monthlyLimit: readOptionalNumber(env, 'BUDGET_MONTHLY_LIMIT', 0),
      alertThreshold: readNumber(env, 'BUDGET_ALERT_THRESHOLD', 80, 1, 100),
      enforce: readBool(env, 'BUDGET_ENFORCE', false),
    },
    /** Where budget days and months begin at midnight, until an administrator sets another zone. */
    orgTimeZone: readTimeZone(env, 'ORG_TIME_ZONE', 'UTC'),
    uploads: {
      maxFileBytes: readInt(env, 'UPLOAD_MAX_FILE_BYTES', 25 * 1024 * 1024, 1, 2 ** 31),
      maxFilesPerMessage: readInt(env, 'UPLOAD_MAX_FILES', 10, 1, 100),
    },
    brand: {
      companyName: readString(env, 'BRAND_COMPANY_NAME') ?? 'Parley',
      productName: readString(env, 'BRAND_PRODUCT_NAME') ?? 'Parley',
      tagline: readString(env, 'BRAND_TAGLINE') ?? DEFAULT_TAGLINE,
      logoUrl: readString(env, 'BRAND_LOGO_URL') ?? null,
      loginBackgroundUrl: readString(env, 'BRAND_LOGIN_BACKGROUND_URL') ?? null,
      primaryColor: readColor(env, 'BRAND_PRIMARY_COLOR', '#a855f7'),
      secondaryColor: readColor(env, 'BRAND_SECONDARY_COLOR', '#ec4899'),
    },
    /**
     * The demo administrator's credentials when this is the throwaway demo (`bun run demo`, which
     * sets it); never read from the environment, so a normal start is never in demo mode.
     */
    demo: null as { email: string; password: string } | null,
  }
}

export type Config = ReturnType<typeof loadConfig> & { appSecret: string }

function readOidc(env: Env) {
  const issuer = readUrl(env, 'OIDC_ISSUER', ['http:', 'https:'])
  if (!issuer) return null
  return {
    issuer,
    clientId: required(env, 'OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set'),
    clientSecret: required(env, 'OIDC_CLIENT_SECRET', 'is required when OIDC_ISSUER is set'),
    label: readString(env, 'OIDC_LABEL') ?? 'Single sign-on',
    scopes: readString(env, 'OIDC_SCOPES') ?? 'openid email profile',
    groupsClaim: readString(env, 'OIDC_GROUPS_CLAIM') ?? null,
    adminGroups: readList(env, 'OIDC_ADMIN_GROUPS'),
  }
}

/**
 * Attempts per window on the sign-in endpoints (0 turns a limit off). See
 * docs/decisions/010-auth-rate-limits.md for what each counter keys on.
 */
function readRateLimits(env: Env) {
  const limit = (name: string, fallback: number) => readInt(env, `RATE_LIMIT_${name}`, fallback, 0, 1_000_000)
  return {
    windowMs: readInt(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    login: { perIp: limit('LOGIN_PER_IP', 30), perEmail: limit('LOGIN_PER_EMAIL', 10) },
    signup: { perIp: limit('SIGNUP_PER_IP', 10), perEmail: limit('SIGNUP_PER_EMAIL', 5) },
    forgotPassword: {
      perIp: limit('FORGOT_PASSWORD_PER_IP', 10),
      perEmail: limit('FORGOT_PASSWORD_PER_EMAIL', 3),
    },
  }
}

function required(env: Env, name: string, reason: string): string {
  const value = readString(env, name)
  if (value === undefined) throw new ConfigError(name, reason)
  return value
}

/**
 * APP_SECRET signs tokens and encrypts stored provider secrets. A self-hoster who never sets it
 * gets one generated into DATA_DIR on first start, so restarts keep sessions and secrets valid.
 */
export function resolveAppSecret(config: ReturnType<typeof loadConfig>): Config {
  if (config.appSecret) {
    if (config.appSecret.length < 32) throw new ConfigError('APP_SECRET', 'must be at least 32 characters')
    return config as Config
  }
  mkdirSync(config.dataDir, { recursive: true })
  const file = join(config.dataDir, 'app-secret')
  if (!existsSync(file)) {
    writeFileSync(file, encodeBase64url(crypto.getRandomValues(new Uint8Array(32))), { mode: 0o600 })
  }
  return { ...config, appSecret: readFileSync(file, 'utf8').trim() }
}
