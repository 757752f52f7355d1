// @ts-check
// The docplat mock inspector: a plain ES module served by the mock server at /_docplat/, talking
// only to the control plane of the same server. No framework and no build step: it ships as is.
// Every value from the server is put in the page as text (never as HTML).
//
// Type-checked by `tsc -p tsconfig.inspector.json` (in `npm test`): its wire shapes are the control
// plane's own (../routes.ts), so a route or field renamed there fails the check here.

/** @import { CONTROL, ControlRouteId, RouteAnswer, RouteBody } from '../routes.ts' */

/** @typedef {RouteAnswer<'controlListExchanges'>['exchanges'][number]} Exchange */
/** @typedef {RouteAnswer<'controlGetExchange'>} ExchangeDetail */
/** @typedef {ExchangeDetail['request']} Message */
/** @typedef {NonNullable<Exchange['miss']>} NearMiss */
/** @typedef {NonNullable<Exchange['fault']>} InjectedFault */
/** @typedef {RouteAnswer<'controlListPlatforms'>['platforms'][number]} PlatformInfo */
/** @typedef {RouteAnswer<'controlListFaults'>['faults'][number]} Fault */
/** @typedef {NonNullable<Fault['latency']>} Latency */
/** @typedef {RouteBody<'controlAddFault'>} NewFault */
/** @typedef {RouteAnswer<'controlGetState'>} Snapshot */
/** @typedef {Record<string, unknown>} StateRecord */

const ROW_HEIGHT = 24
const POLL_MS = 1000
const MAX_RENDERED_RECORDS = 500
const MAX_EXCHANGES = 10_000

// ---- the page's elements ----

/**
 * The element with this ID, of the type the page's markup gives it: a missing or different
 * element fails at once, naming it, instead of as a `null` somewhere later.
 * @template {typeof HTMLElement} T
 * @param {string} id
 * @param {T} type
 * @returns {InstanceType<T>}
 */
function byId(id, type) {
  const element = document.getElementById(id)
  if (!(element instanceof type)) throw new Error(`The inspector page has no #${id} (${type.name})`)
  return /** @type {InstanceType<T>} */ (element)
}

/**
 * The first element under `parent` matching a selector, of the given type.
 * @template {typeof Element} T
 * @param {ParentNode} parent
 * @param {string} selector
 * @param {T} type
 * @returns {InstanceType<T>}
 */
function within(parent, selector, type) {
  const element = parent.querySelector(selector)
  if (!(element instanceof type)) throw new Error(`The inspector page has no ${selector} (${type.name})`)
  return /** @type {InstanceType<T>} */ (element)
}

/** @typedef {Node | string | number | null | undefined | false} Leaf */
/** @typedef {Leaf | Leaf[] | Array<Leaf | Leaf[]>} Child */
/** @typedef {string | number | boolean | null | undefined | ((event: Event) => void) | Partial<CSSStyleDeclaration>} AttributeValue */

/**
 * Creates an element. In `attrs`, a function is a listener (`onclick` listens to `click`), an
 * object is the `style`, `className` the class; anything else an attribute (`true`: present,
 * `false`/`null`/`undefined`: absent). Children are nodes or text, in nested arrays or not.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, AttributeValue>} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value)
    // Through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    else if (typeof value === 'object') Object.assign(el.style, value)
    else if (name === 'className') el.className = String(value)
    else el.setAttribute(name, value === true ? '' : String(value))
  }
  append(el, children)
  return el
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function append(el, children) {
  for (const child of children) {
    if (Array.isArray(child)) append(el, child)
    else if (child !== undefined && child !== null && child !== false) el.append(child instanceof Node ? child : String(child))
  }
}

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error))

// ---- the control plane ----

// The page of a created platform is under its prefix (/_docplat/platforms/{id}/_docplat/): its
// control plane is there too. The server's own is at /_docplat/.
const BASE = location.pathname.replace(/_docplat\/?$/, '')
// Where a created platform's requests arrive on the server ('' for the server's own): its paths are
// shown as its own API sees them, so `/v1/orgs` and `/v1/spaces/nope` do not both read as the prefix.
const PREFIX = BASE.replace(/\/$/, '')

/**
 * A request's path as this page's platform sees it: without a created platform's prefix.
 * @param {string} path
 */
const ownPath = (path) => (PREFIX && path.startsWith(`${PREFIX}/`) ? path.slice(PREFIX.length) : path)

/**
 * The routes this page calls, with their method and path as the control plane declares them in
 * CONTROL (../routes.ts): one changed there fails the type check here.
 * @satisfies {{ readonly [Id in ControlRouteId]?: Pick<(typeof CONTROL)[Id], 'method' | 'path'> }}
 */
const ROUTES = /** @type {const} */ ({
  controlHealth: { method: 'GET', path: '/_docplat/health' },
  controlReset: { method: 'POST', path: '/_docplat/reset' },
  controlGetState: { method: 'GET', path: '/_docplat/state' },
  controlGetClock: { method: 'GET', path: '/_docplat/clock' },
  controlAdvanceClock: { method: 'POST', path: '/_docplat/clock/advance' },
  controlListFaults: { method: 'GET', path: '/_docplat/faults' },
  controlAddFault: { method: 'POST', path: '/_docplat/faults' },
  controlClearFaults: { method: 'DELETE', path: '/_docplat/faults' },
  controlRemoveFault: { method: 'DELETE', path: '/_docplat/faults/{id}' },
  controlClearRequests: { method: 'DELETE', path: '/_docplat/requests' },
  controlListExchanges: { method: 'GET', path: '/_docplat/exchanges' },
  controlGetExchange: { method: 'GET', path: '/_docplat/exchanges/{id}' },
  controlListTokens: { method: 'GET', path: '/_docplat/tokens' },
  controlListPlatforms: { method: 'GET', path: '/_docplat/platforms' },
})

/** @typedef {keyof typeof ROUTES} UsedRoute */

/**
 * The query parameters a route declares.
 * @template {ControlRouteId} Id
 * @typedef {(typeof CONTROL)[Id] extends { query: infer Q } ? Extract<keyof Q, string> : never} QueryOf
 */

/**
 * What a call sends: the route's path parameters in order, its query, its body.
 * @template {UsedRoute} Id
 * @typedef {object} CallInput
 * @property {ReadonlyArray<string | number>} [params]
 * @property {Partial<Record<QueryOf<Id>, string | number>>} [query]
 * @property {RouteBody<Id>} [body]
 * @property {string} [base] The server path the control plane is under (default: this page's platform's).
 */

const hashToken = new URLSearchParams(location.hash.slice(1)).get('token')
if (hashToken) {
  sessionStorage.setItem('docplat-control-token', hashToken)
  history.replaceState(null, '', location.pathname)
}
let token = sessionStorage.getItem('docplat-control-token') ?? undefined

class ControlError extends Error {}

/**
 * Calls a control route; answers what its schema says it answers.
 * @template {UsedRoute} Id
 * @param {Id} id
 * @param {CallInput<Id>} [input]
 * @returns {Promise<RouteAnswer<Id>>}
 */
async function control(id, input = {}) {
  const { method, path } = ROUTES[id]
  let next = 0
  const filled = path.replace(/\{\w+\}/g, () => encodeURIComponent(String(input.params?.[next++] ?? '')))
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined) query.set(name, String(value))
  /** @type {Record<string, string>} */
  const headers = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (input.body !== undefined) headers['content-type'] = 'application/json'
  const search = String(query) ? `?${query}` : ''
  const response = await fetch(`${input.base ?? BASE}${filled.slice(1)}${search}`, {
    method,
    headers,
    body: input.body === undefined ? null : JSON.stringify(input.body),
    cache: 'no-store',
  })
  if (response.status === 401) {
    askForToken()
    throw new ControlError('The control plane needs its token')
  }
  if (!response.ok) {
    /** @type {unknown} */
    const answer = await response.json().catch(() => undefined)
    throw new ControlError(errorMessageOf(answer) ?? `${response.status} ${response.statusText}`)
  }
  // The one place the wire is trusted: the server's handlers are typed by the same table (CONTROL).
  return /** @type {RouteAnswer<Id>} */ (response.status === 204 ? undefined : await response.json())
}

/**
 * The message of a `{ error: { code, message } }` body.
 * @param {unknown} answer
 * @returns {string | undefined}
 */
function errorMessageOf(answer) {
  if (typeof answer !== 'object' || answer === null || !('error' in answer)) return undefined
  const { error } = answer
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined
  return typeof error.message === 'string' ? error.message : undefined
}

const tokenDialog = byId('token-dialog', HTMLDialogElement)
const tokenInput = byId('token-input', HTMLInputElement)

function askForToken() {
  if (tokenDialog.open) return
  tokenDialog.showModal()
}
byId('token-form', HTMLFormElement).addEventListener('submit', () => {
  token = tokenInput.value.trim() || undefined
  if (token) sessionStorage.setItem('docplat-control-token', token)
  refreshAll()
})

// ---- tabs ----

/** @typedef {'requests' | 'state' | 'faults' | 'tokens' | 'platforms'} Tab */
/** @type {readonly Tab[]} */
const TABS = ['requests', 'state', 'faults', 'tokens', 'platforms']
/** @type {Tab} */
let currentTab = 'requests'
const tabButtons = [...document.querySelectorAll('#tabs button')]
for (const button of tabButtons) {
  button.addEventListener('click', () => {
    const tab = TABS.find((name) => name === button.getAttribute('data-tab'))
    if (tab) showTab(tab)
  })
}
/** @param {Tab} name */
function showTab(name) {
  currentTab = name
  for (const button of tabButtons) button.setAttribute('aria-selected', String(button.getAttribute('data-tab') === name))
  for (const section of document.querySelectorAll('.tab')) if (section instanceof HTMLElement) section.hidden = section.id !== `tab-${name}`
  if (name === 'state') loadState()
  if (name === 'tokens') loadTokens()
  if (name === 'faults') loadFaults()
  if (name === 'platforms') loadPlatforms()
  if (name === 'requests') renderRequests()
}

// ---- requests: a virtual list, so 10,000 entries cost as much DOM as one screen ----

/**
 * How a near miss is marked in the list: `unmatched` when no operation has the request's path
 * and method, `refused` when one has but refused it before running (its input, its token),
 * `ignored` when one answered it but ignored body fields it does not take.
 * @type {Record<NearMiss['reason'], string>}
 */
const MISS_MARKS = {
  'no-route': 'unmatched',
  'method-not-allowed': 'unmatched',
  validation: 'refused',
  authentication: 'refused',
  'unknown-field': 'ignored',
}

/** @type {Record<NearMiss['reason'], string>} */
const MISS_REASONS = {
  'no-route': 'No operation has this path',
  'method-not-allowed': 'No operation has this method on this path',
  validation: 'Refused by validation before the operation ran',
  authentication: 'Refused by authentication before the operation ran',
  'unknown-field': 'Answered by the operation, which ignored body fields it does not take',
}

/**
 * How an injected fault is marked: `fault` when the caller's answer came from it (its status or a
 * dropped connection), `delayed` when it only held back the operation's own answer.
 * @param {InjectedFault} fault
 */
const faultMark = (fault) => (fault.status !== undefined || fault.drop ? 'fault' : 'delayed')

/**
 * The status the caller got: a fault's in place of the operation's own when it acted after it
 * (0: the connection was dropped).
 * @param {Exchange} e
 */
const statusSeen = (e) => (e.fault?.drop ? 0 : (e.fault?.status ?? e.status))

/**
 * What the faults did, in a sentence.
 * @param {InjectedFault} fault
 * @param {number} status The status the operation (or the fault acting before it) answered.
 */
function describeInjected(fault, status) {
  const which = `injected fault${fault.ids.length > 1 ? 's' : ''} ${fault.ids.map((id) => `#${id}`).join(', ')}`
  const delay = fault.latency === undefined ? '' : ` after ${fault.latency} ms`
  if (fault.after) {
    const kept = `the operation ran and answered ${status} (its change is kept)`
    if (fault.drop) return `Connection dropped${delay} by ${which}: ${kept}`
    if (fault.status !== undefined) return `Answered ${fault.status}${delay} by ${which}: ${kept}`
    return `Delayed ${fault.latency ?? 0} ms by ${which} after the operation ran`
  }
  if (fault.status !== undefined) return `Answered ${fault.status}${delay} by ${which}: the operation did not run`
  return `Delayed ${fault.latency ?? 0} ms by ${which} before the operation ran`
}

/** Every exchange summary received, oldest first. @type {Exchange[]} */
let exchanges = []
let lastId = 0
/** @type {number | undefined} */
let epoch
/** @type {Exchange[]} */
let filtered = exchanges
let filterText = ''
let missesOnly = false
let faultsOnly = false
/** @type {number | undefined} */
let selectedId
const list = byId('request-list', HTMLElement)
const spacer = within(list, '.spacer-rows', HTMLElement)
const requestFilter = byId('request-filter', HTMLInputElement)
const missFilter = byId('miss-filter', HTMLInputElement)
const faultFilter = byId('fault-filter', HTMLInputElement)
const detail = byId('detail', HTMLElement)

/**
 * @param {Exchange} entry
 * @param {string} text
 */
function matches(entry, text) {
  if (missesOnly && !entry.miss) return false
  if (faultsOnly && !entry.fault) return false
  if (!text) return true
  const miss = entry.miss ? ` ${MISS_MARKS[entry.miss.reason]} ${entry.miss.closest?.operationId ?? ''}` : ''
  const fault = entry.fault ? ` ${faultMark(entry.fault)} ${statusSeen(entry)}` : ''
  return `${entry.method} ${ownPath(entry.path)} ${entry.status} ${entry.operationId ?? ''}${miss}${fault}`.toLowerCase().includes(text)
}

function applyFilter() {
  filtered = filterText || missesOnly || faultsOnly ? exchanges.filter((e) => matches(e, filterText)) : exchanges
  byId('miss-count', HTMLElement).textContent = String(exchanges.reduce((n, e) => (e.miss ? n + 1 : n), 0))
  byId('faulted-count', HTMLElement).textContent = String(exchanges.reduce((n, e) => (e.fault ? n + 1 : n), 0))
}

/** @param {number} status */
const statusClass = (status) => `s${String(status)[0]}`

/** @param {Exchange} e */
function operationCell(e) {
  const fault = e.fault ? [h('span', { className: 'fault-badge' }, faultMark(e.fault)), ' '] : null
  const faultTitle = e.fault ? describeInjected(e.fault, e.status) : ''
  if (!e.miss) return h('span', { title: [faultTitle, e.operationId ?? ''].filter(Boolean).join('; ') }, fault, e.operationId ?? '')
  const closest = e.miss.closest?.operationId
  return h(
    'span',
    { title: `${faultTitle ? `${faultTitle}; ` : ''}${MISS_REASONS[e.miss.reason]}${closest ? `; closest operation: ${closest}` : ''}` },
    fault,
    h('span', { className: `miss-badge ${MISS_MARKS[e.miss.reason]}` }, MISS_MARKS[e.miss.reason]),
    // A refused request matched its operation; an unmatched one names the operation it was likely meant for.
    e.operationId ? ` ${e.operationId}` : closest ? ` ${closest}?` : '',
  )
}

/**
 * When a request came, on the clock it was read from: the wall clock when it came through the
 * server, else (made in process) the platform's, shown apart.
 * @param {Exchange} e
 */
function timeCell(e) {
  const platformTime = e.clock === 'platform'
  return h(
    'span',
    {
      className: platformTime ? 'platform-time' : '',
      title: platformTime
        ? `platform clock ${e.platformAt} (made in process, not through the server)`
        : `wall clock ${e.at} · platform clock ${e.platformAt}`,
    },
    e.at.slice(11, 23),
  )
}

function renderRequests() {
  byId('request-count', HTMLElement).textContent = String(exchanges.length)
  if (currentTab !== 'requests') return
  spacer.style.height = `${filtered.length * ROW_HEIGHT}px`
  const first = Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - 10)
  const last = Math.min(filtered.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + 10)
  const rows = []
  for (let i = first; i < last; i++) {
    const e = filtered[i]
    if (!e) break
    rows.push(
      h(
        'div',
        {
          className: `row${e.id === selectedId ? ' selected' : ''}${e.miss ? ' miss' : ''}${e.fault ? ' fault' : ''}`,
          style: { top: `${i * ROW_HEIGHT}px` },
          'data-id': e.id,
          'data-miss': e.miss?.reason,
          'data-fault': e.fault && (e.fault.after ? 'after' : faultMark(e.fault)),
          role: 'button',
          onclick: () => select(e.id),
        },
        timeCell(e),
        h('span', {}, e.method),
        h('span', { title: e.path }, ownPath(e.path)),
        statusCell(e),
        h('span', {}, e.duration),
        operationCell(e),
      ),
    )
  }
  spacer.replaceChildren(...rows)
}
/**
 * The status the caller got; where a fault replaced the operation's answer, the operation's is in the title.
 * @param {Exchange} e
 * @param {'span' | 'strong'} [tag]
 */
function statusCell(e, tag = 'span') {
  const seen = statusSeen(e)
  const title =
    seen === e.status
      ? ''
      : `the operation answered ${e.status}; an injected fault gave the caller ${seen === 0 ? 'a dropped connection' : seen}`
  return h(tag, { className: statusClass(seen), title }, seen === 0 ? 'dropped' : seen)
}

list.addEventListener('scroll', () => requestAnimationFrame(renderRequests))
window.addEventListener('resize', () => requestAnimationFrame(renderRequests))
requestFilter.addEventListener('input', () => {
  filterText = requestFilter.value.trim().toLowerCase()
  applyFilter()
  renderRequests()
})
missFilter.addEventListener('change', () => {
  missesOnly = missFilter.checked
  applyFilter()
  renderRequests()
})
faultFilter.addEventListener('change', () => {
  faultsOnly = faultFilter.checked
  applyFilter()
  renderRequests()
})
byId('clear-requests', HTMLButtonElement).addEventListener('click', async () => {
  await control('controlClearRequests')
  exchanges = []
  applyFilter()
  clearDetail()
  renderRequests()
})

function clearDetail() {
  selectedId = undefined
  detail.replaceChildren(h('p', { className: 'muted' }, 'Select a request to see its headers and bodies.'))
}

/** @param {Message['headers']} headers */
function headerList(headers) {
  const entries = Object.entries(headers)
  if (entries.length === 0) return h('p', { className: 'muted' }, 'none')
  return h(
    'dl',
    { className: 'headers' },
    entries.map(([name, value]) => [h('dt', {}, name), h('dd', {}, value)]),
  )
}

/** @param {Message} message */
function bodyBlock(message) {
  if (message.body === undefined) return h('p', { className: 'muted' }, 'no body')
  let text = message.body
  try {
    if (!message.truncated) text = JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    // Not JSON: shown as it came.
  }
  return h(
    'div',
    {},
    h('pre', {}, text),
    message.truncated
      ? h(
          'p',
          { className: 'muted' },
          message.omitted === undefined
            ? '(cut: the journal keeps 64 Ki characters of a request body)'
            : `(cut: the journal keeps the first 8 Ki characters of an answer; ${message.omitted.toLocaleString('en')} bytes left out)`,
        )
      : null,
  )
}

/**
 * Why a request missed, and the operation it came closest to.
 * @param {NearMiss} miss
 */
function nearMissBlock(miss) {
  const { closest } = miss
  return h(
    'section',
    { className: `near-miss ${MISS_MARKS[miss.reason]}` },
    h('h3', {}, `Near miss: ${MISS_MARKS[miss.reason]}`),
    h(
      'dl',
      { className: 'headers' },
      h('dt', {}, 'reason'),
      h('dd', {}, `${MISS_REASONS[miss.reason]} (${miss.reason})`),
      h('dt', {}, 'answered'),
      h('dd', {}, miss.message),
      closest
        ? [
            h('dt', {}, 'closest operation'),
            h('dd', { className: 'closest' }, h('strong', {}, closest.operationId), ` ${closest.method} ${closest.path}`),
            h('dt', {}, 'differs at'),
            h('dd', { className: 'field' }, closest.field),
            closest.didYouMean ? [h('dt', {}, 'did you mean'), h('dd', { className: 'field' }, closest.didYouMean)] : [],
          ]
        : [h('dt', {}, 'closest operation'), h('dd', { className: 'muted' }, 'none')],
    ),
  )
}

/**
 * What a fault did, in two or three words.
 * @param {InjectedFault} fault
 */
function faultHeadline(fault) {
  if (fault.drop) return 'connection dropped'
  if (fault.status !== undefined) return fault.after ? 'answer replaced' : 'answered'
  return 'delayed'
}

/**
 * What injected faults did to the request, apart from near misses.
 * @param {InjectedFault} fault
 * @param {number} status
 */
function faultBlock(fault, status) {
  return h(
    'section',
    { className: `fault-mark ${faultMark(fault)}` },
    h('h3', {}, `Injected fault: ${faultHeadline(fault)}`),
    h('p', { className: 'what' }, describeInjected(fault, status)),
    h(
      'dl',
      { className: 'headers' },
      h('dt', {}, fault.ids.length > 1 ? 'faults' : 'fault'),
      h('dd', { className: 'ids' }, fault.ids.map((id) => `#${id}`).join(', ')),
      h('dt', {}, 'caller got'),
      h('dd', {}, fault.drop ? 'a dropped connection' : fault.status !== undefined ? String(fault.status) : `the operation's ${status}`),
      fault.latency === undefined ? [] : [h('dt', {}, 'injected delay'), h('dd', {}, `${fault.latency} ms`)],
    ),
  )
}

/**
 * When the request came, on both clocks, each named.
 * @param {Exchange} e
 */
function timesBlock(e) {
  return h(
    'dl',
    { className: 'headers times' },
    e.clock === 'wall' ? [h('dt', {}, 'wall clock'), h('dd', { className: 'wall' }, `${e.at.replace('T', ' ').replace('Z', '')} UTC`)] : [],
    h('dt', {}, 'platform clock'),
    h('dd', { className: 'platform' }, `${e.platformAt.replace('T', ' ').replace('Z', '')} UTC`),
    PREFIX ? [h('dt', {}, 'server path'), h('dd', {}, e.path)] : [],
  )
}

/** @param {number} id */
async function select(id) {
  selectedId = id
  renderRequests()
  try {
    const e = await control('controlGetExchange', { params: [id] })
    if (selectedId !== id) return
    detail.replaceChildren(
      h('h2', { title: e.path }, `${e.method} ${ownPath(e.path)}`),
      h(
        'p',
        { className: 'summary' },
        statusCell(e, 'strong'),
        e.duration === undefined ? '' : ` in ${e.duration} ms`,
        e.operationId ? ` · ${e.operationId}` : '',
      ),
      timesBlock(e),
      ...(e.fault ? [faultBlock(e.fault, e.status)] : []),
      ...(e.miss ? [nearMissBlock(e.miss)] : []),
      h('h3', {}, 'Request headers'),
      headerList(e.request.headers),
      h('h3', {}, 'Request body'),
      bodyBlock(e.request),
      h('h3', {}, 'Response headers'),
      headerList(e.response.headers),
      h('h3', {}, 'Response body'),
      bodyBlock(e.response),
    )
  } catch (error) {
    detail.replaceChildren(h('p', { className: 'error' }, messageOf(error)))
  }
}

/** Fetches the exchanges since the last poll; answers whether the state may have changed. */
async function pollRequests() {
  let answer = await control('controlListExchanges', { query: { after: lastId } })
  if (epoch !== undefined && answer.epoch !== epoch) {
    // The journal was cleared (a reset, from here or elsewhere): start over.
    exchanges = []
    lastId = 0
    applyFilter()
    clearDetail()
    answer = await control('controlListExchanges', { query: { after: 0 } })
  }
  const changedEpoch = epoch !== answer.epoch
  epoch = answer.epoch
  const fresh = answer.exchanges
  const newest = fresh.at(-1)
  if (!newest) {
    renderRequests()
    return changedEpoch
  }
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - ROW_HEIGHT
  exchanges.push(...fresh)
  if (exchanges.length > MAX_EXCHANGES) exchanges = exchanges.slice(-MAX_EXCHANGES)
  lastId = newest.id
  applyFilter()
  renderRequests()
  if (atBottom) list.scrollTop = list.scrollHeight
  return fresh.some((e) => e.method !== 'GET' && e.method !== 'HEAD' && e.status < 400)
}

// ---- state: tables, with references to other records followable ----

/** @type {Snapshot | undefined} */
let snapshot
/** @type {string | undefined} */
let tableName
/** @type {string | undefined} */
let highlightId
/** Every record's ID → the table it is in, to turn IDs in other records into links. @type {Map<string, string>} */
let owners = new Map()
const recordFilter = byId('record-filter', HTMLInputElement)

/**
 * @param {unknown} value
 * @returns {value is StateRecord}
 */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The records of a table of the snapshot.
 * @param {string | undefined} name
 * @returns {StateRecord[]}
 */
const recordsOf = (name) => (name === undefined ? [] : (snapshot?.tables[name] ?? []).filter(isRecord))

async function loadState() {
  snapshot = await control('controlGetState')
  owners = new Map()
  const names = Object.keys(snapshot.tables).sort()
  for (const name of names) for (const row of recordsOf(name)) if (typeof row.id === 'string') owners.set(row.id, name)
  if (!tableName || !names.includes(tableName)) tableName = names.find((n) => recordsOf(n).length > 0) ?? names[0]
  byId('table-list', HTMLElement).replaceChildren(
    ...names.map((name) =>
      h(
        'li',
        {},
        h(
          'button',
          { type: 'button', 'data-table': name, 'aria-current': String(name === tableName), onclick: () => openTable(name) },
          h('span', {}, name),
          h('span', { className: 'badge' }, recordsOf(name).length),
        ),
      ),
    ),
  )
  renderTable()
}

/**
 * @param {string} name
 * @param {string} [id]
 */
function openTable(name, id) {
  tableName = name
  highlightId = id
  for (const button of document.querySelectorAll('#table-list button'))
    button.setAttribute('aria-current', String(button.getAttribute('data-table') === name))
  if (id === undefined) recordFilter.value = ''
  renderTable()
}

/** @param {unknown} value */
function cell(value) {
  if (typeof value === 'string' && owners.has(value)) {
    const target = owners.get(value)
    return h('a', { className: 'ref', title: `${target} ${value}`, onclick: () => follow(value) }, value)
  }
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && owners.has(v))) {
    return h(
      'span',
      {},
      value.map((v, i) => [i ? ', ' : '', h('a', { className: 'ref', onclick: () => follow(String(v)) }, String(v))]),
    )
  }
  if (value === null || value === undefined) return h('span', { className: 'muted' }, '–')
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  return h('span', { title: text.length > 60 ? text.slice(0, 2000) : '' }, text.length > 120 ? `${text.slice(0, 120)}…` : text)
}

/** @param {string} id */
function follow(id) {
  const target = owners.get(id)
  if (target === undefined) return
  recordFilter.value = ''
  if (currentTab !== 'state') {
    // From the tokens tab: open the state on the record (loading the state shows it).
    tableName = target
    highlightId = id
    showTab('state')
    return
  }
  openTable(target, id)
}

function renderTable() {
  const rows = recordsOf(tableName)
  byId('table-title', HTMLElement).textContent = tableName ?? ''
  const text = recordFilter.value.trim().toLowerCase()
  let shown = text ? rows.filter((row) => JSON.stringify(row).toLowerCase().includes(text)) : rows
  if (highlightId !== undefined) {
    const index = shown.findIndex((row) => row.id === highlightId)
    const followed = shown[index]
    // A followed record is shown even when it falls beyond the rendered rows.
    if (followed && index >= MAX_RENDERED_RECORDS) shown = [followed, ...shown.slice(0, MAX_RENDERED_RECORDS - 1)]
  }
  const columns = [...new Set(shown.slice(0, 50).flatMap((row) => Object.keys(row)))]
  const limited = shown.slice(0, MAX_RENDERED_RECORDS)
  byId('record-count', HTMLElement).textContent =
    limited.length < shown.length ? `${limited.length} of ${shown.length} rows` : `${shown.length} rows`
  const table = h(
    'table',
    { className: 'data', id: 'record-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        columns.map((c) => h('th', {}, c)),
      ),
    ),
    h(
      'tbody',
      {},
      limited.map((row) =>
        h(
          'tr',
          { 'data-id': typeof row.id === 'string' ? row.id : undefined, className: row.id === highlightId ? 'highlight' : '' },
          columns.map((c) => h('td', {}, cell(row[c]))),
        ),
      ),
    ),
  )
  byId('records', HTMLElement).replaceChildren(table)
  if (highlightId !== undefined) table.querySelector('tr.highlight')?.scrollIntoView({ block: 'center', inline: 'nearest' })
}
recordFilter.addEventListener('input', () => {
  highlightId = undefined
  renderTable()
})
byId('refresh-state', HTMLButtonElement).addEventListener('click', () => loadState())

// ---- clock, reset ----

const clockNow = byId('clock-now', HTMLOutputElement)

async function loadClock() {
  const clock = await control('controlGetClock')
  clockNow.textContent = `${clock.now.slice(0, 19).replace('T', ' ')} UTC${clock.frozen ? ' (frozen)' : ''}`
  clockNow.dataset.iso = clock.now
}

byId('advance-form', HTMLFormElement).addEventListener('submit', async (event) => {
  event.preventDefault()
  try {
    await control('controlAdvanceClock', { body: { by: byId('advance-input', HTMLInputElement).value.trim() } })
    await loadClock()
  } catch (error) {
    alert(messageOf(error))
  }
})

byId('reset-btn', HTMLButtonElement).addEventListener('click', async () => {
  await control('controlReset')
  exchanges = []
  lastId = 0
  applyFilter()
  clearDetail()
  await refreshAll()
})

// ---- faults ----

/** @param {Fault} f */
function describeMatch(f) {
  const parts = []
  if (f.method) parts.push(f.method.toUpperCase())
  if (f.operationId) parts.push(f.operationId)
  if (f.path) parts.push(f.path)
  if (f.pathPattern) parts.push(`/${f.pathPattern}/`)
  return parts.join(' ') || 'every request'
}

/** A duration's number and unit (`'200ms'`, `'2 s'`); a number is milliseconds. */
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)$/

/**
 * A duration as a person reads it: `120 ms`, `2 s`.
 * @param {string | number} duration
 */
function describeDuration(duration) {
  if (typeof duration === 'number') return `${duration} ms`
  const match = DURATION.exec(duration.trim())
  return match ? `${match[1]} ${match[2]}` : duration
}

/**
 * A fault's latency as a person reads it, in the form the latency field takes back: `120 ms`,
 * `50–200 ms` (uniform), `median 80 ms, spread 2` (log-normal).
 * @param {Latency} latency
 */
function describeLatency(latency) {
  if (typeof latency !== 'object') return describeDuration(latency)
  if ('min' in latency) {
    const min = describeDuration(latency.min)
    const max = describeDuration(latency.max)
    const unit = / \S+$/.exec(max)?.[0]
    // One unit for both ends when they share it: 50–200 ms.
    return unit && min.endsWith(unit) ? `${min.slice(0, -unit.length)}–${max}` : `${min}–${max}`
  }
  return `median ${describeDuration(latency.median)}, spread ${latency.spread}`
}

/**
 * The latency field's text as the control plane takes it: a duration (`120 ms`, `2s`, `120`), a
 * range (`50–200 ms`, `50ms-2s`: uniform) or `median 80 ms, spread 2` (log-normal). What it
 * cannot read goes as written, for the server to say what is wrong with it.
 * @param {string} text
 * @returns {Latency}
 */
function parseLatency(text) {
  /**
   * `120` is milliseconds, `120 ms` is sent as `120ms`.
   * @param {string} value
   */
  const duration = (value) => {
    if (/^\d+(?:\.\d+)?$/.test(value)) return Number(value)
    const match = DURATION.exec(value)
    return match ? `${match[1]}${match[2]}` : value
  }
  const logNormal = /^median\s*:?\s*(.+?)\s*[,;]?\s*spread\s*:?\s*(\S+)$/i.exec(text)
  if (logNormal) {
    const spread = Number(logNormal[2])
    if (!Number.isFinite(spread)) throw new Error(`Latency: the spread must be a number, not "${logNormal[2]}"`)
    return { median: duration(logNormal[1] ?? ''), spread }
  }
  const range = /^(\d+(?:\.\d+)?)\s*([a-z]*)\s*(?:–|—|-|\.\.|to)\s*(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text)
  if (range) {
    const [, min = '', minUnit = '', max = '', maxUnit = ''] = range
    // 50–200 ms: the first end takes the unit of the second.
    return { min: duration(`${min}${minUnit || maxUnit}`), max: duration(`${max}${maxUnit}`) }
  }
  return duration(text)
}

/** @param {Fault} f */
function describeEffect(f) {
  const parts = []
  if (f.status) parts.push(`status ${f.status}${f.retryAfter !== undefined ? ` (Retry-After ${f.retryAfter})` : ''}`)
  if (f.latency !== undefined) parts.push(`latency ${describeLatency(f.latency)}`)
  if (f.drop) parts.push('drop the connection')
  if (f.times) parts.push(`${f.times} time${f.times > 1 ? 's' : ''}`)
  if (f.rate !== undefined) parts.push(`rate ${f.rate}`)
  return parts.join(', ')
}

async function loadFaults() {
  const { faults } = await control('controlListFaults')
  byId('fault-count', HTMLElement).textContent = String(faults.length)
  within(byId('fault-table', HTMLTableElement), 'tbody', HTMLTableSectionElement).replaceChildren(
    ...faults.map((f) =>
      h(
        'tr',
        { 'data-id': f.id },
        h('td', {}, f.id),
        h('td', {}, describeMatch(f)),
        h('td', { className: 'effect' }, describeEffect(f)),
        h(
          'td',
          {},
          h(
            'button',
            {
              type: 'button',
              onclick: async () => {
                await control('controlRemoveFault', { params: [f.id] })
                loadFaults()
              },
            },
            'Remove',
          ),
        ),
      ),
    ),
  )
}

const faultForm = byId('fault-form', HTMLFormElement)
faultForm.addEventListener('submit', async (event) => {
  event.preventDefault()
  const form = new FormData(faultForm)
  /** @param {string} name */
  const field = (name) => String(form.get(name) ?? '').trim()
  const error = byId('fault-error', HTMLElement)
  try {
    /** @type {NewFault} */
    const fault = {
      ...(field('operationId') ? { operationId: field('operationId') } : {}),
      ...(field('method') ? { method: field('method') } : {}),
      ...(field('pathPattern') ? { pathPattern: field('pathPattern') } : {}),
      ...(field('latency') ? { latency: parseLatency(field('latency')) } : {}),
      ...(field('status') ? { status: Number(field('status')) } : {}),
      ...(field('times') ? { times: Number(field('times')) } : {}),
      ...(form.get('drop') ? { drop: true } : {}),
    }
    await control('controlAddFault', { body: fault })
    error.hidden = true
    faultForm.reset()
  } catch (e) {
    error.textContent = messageOf(e)
    error.hidden = false
  }
  loadFaults()
})
byId('clear-faults', HTMLButtonElement).addEventListener('click', async () => {
  await control('controlClearFaults')
  loadFaults()
})

// ---- tokens ----

async function loadTokens() {
  const { tokens } = await control('controlListTokens')
  within(byId('token-table', HTMLTableElement), 'tbody', HTMLTableSectionElement).replaceChildren(
    ...tokens.map((t) =>
      h(
        'tr',
        {},
        h('td', {}, t.name ?? ''),
        h('td', {}, cell(t.user), t.displayName ? ` ${t.displayName}` : ''),
        h('td', {}, t.email ?? ''),
        h('td', {}, t.label),
        h('td', {}, h('code', {}, t.token)),
      ),
    ),
  )
}

// ---- live updates ----

const platformSelect = byId('platform-select', HTMLSelectElement)

const platformsTab = byId('platforms-tab', HTMLElement)

/** @param {PlatformInfo} platform */
const pageOf = (platform) => `${new URL(platform.controlUrl).pathname}/`

/** A wall-clock instant as the platforms table shows it. @param {string} iso */
const wallTime = (iso) => `${iso.slice(0, 19).replace('T', ' ')} UTC`

/**
 * The platform menu and the platforms tab: every platform of the server (from its own control
 * plane); picking one opens its page.
 */
async function loadPlatforms() {
  let platforms
  try {
    platforms = (await control('controlListPlatforms', { base: '/' })).platforms
  } catch {
    platformSelect.hidden = true
    platformsTab.hidden = true
    return
  }
  const here = `${BASE}_docplat/`
  platformSelect.replaceChildren(
    ...platforms.map((platform) => {
      const page = pageOf(platform)
      const label =
        platform.id === 'default'
          ? `default (${platform.scenario})`
          : `${platform.id} (${platform.scenario}${platform.seed ? `, seed ${platform.seed}` : ''})`
      return h('option', { value: page, selected: page === here }, label)
    }),
  )
  platformSelect.hidden = platforms.length < 2
  platformsTab.hidden = false
  byId('platform-count', HTMLElement).textContent = String(platforms.length)
  within(byId('platform-table', HTMLTableElement), 'tbody', HTMLTableSectionElement).replaceChildren(
    ...platforms.map((platform) => {
      const current = pageOf(platform) === here
      return h(
        'tr',
        { 'data-id': platform.id, className: current ? 'current' : '' },
        h('td', {}, h('code', {}, platform.id)),
        h('td', {}, platform.scenario),
        h('td', {}, platform.seed ?? h('span', { className: 'muted' }, '–')),
        h('td', {}, h('code', {}, platform.baseUrl)),
        h('td', {}, wallTime(platform.createdAt)),
        h('td', {}, wallTime(platform.lastUsedAt)),
        h('td', {}, current ? h('span', { className: 'muted' }, 'this page') : h('a', { href: pageOf(platform) }, 'Open')),
      )
    }),
  )
}
platformSelect.addEventListener('change', () => location.assign(platformSelect.value))

async function refreshAll() {
  await loadPlatforms()
  const health = await control('controlHealth')
  const healthLine = byId('health', HTMLElement)
  healthLine.textContent = `${location.host} · scenario ${health.scenario} · ${health.operations} operations`
  healthLine.title = healthLine.textContent
  await Promise.all([pollRequests(), loadClock(), loadFaults()])
  if (currentTab === 'state') await loadState()
  if (currentTab === 'tokens') await loadTokens()
}

let stateStale = false
let polls = 0
async function poll() {
  try {
    // Platforms come and go with the tests that make them: the menu follows every few seconds.
    if (++polls % 5 === 0) await loadPlatforms()
    const changed = await pollRequests()
    await loadClock()
    if (changed) stateStale = true
    if (stateStale && currentTab === 'state') {
      stateStale = false
      await loadState()
    }
    if (currentTab === 'faults' || changed) await loadFaults()
  } catch (error) {
    if (!(error instanceof ControlError)) byId('health', HTMLElement).textContent = `disconnected (${messageOf(error)})`
  } finally {
    setTimeout(poll, POLL_MS)
  }
}

refreshAll()
  .catch((error) => (byId('health', HTMLElement).textContent = messageOf(error)))
  .finally(() => setTimeout(poll, POLL_MS))
