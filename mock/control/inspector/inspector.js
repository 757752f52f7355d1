// The docplat mock inspector: a plain ES module served by the mock server at /_docplat/, talking
// only to the control plane of the same server. No framework and no build step: it ships as is.
// Every value from the server is put in the page as text (never as HTML).

const ROW_HEIGHT = 24
const POLL_MS = 1000
const MAX_RENDERED_RECORDS = 500

const $ = (selector) => document.querySelector(selector)

/** Creates an element; children are nodes or text. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value)
    else if (name === 'className') el.className = value
    // Through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    else if (name === 'style') Object.assign(el.style, value)
    else el.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children.flat()) if (child !== undefined && child !== null) el.append(child instanceof Node ? child : String(child))
  return el
}

// ---- the control plane ----

const hashToken = new URLSearchParams(location.hash.slice(1)).get('token')
if (hashToken) {
  sessionStorage.setItem('docplat-control-token', hashToken)
  history.replaceState(null, '', location.pathname)
}
let token = sessionStorage.getItem('docplat-control-token') ?? undefined

class ControlError extends Error {}

async function control(method, path, body) {
  const headers = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`/_docplat/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  })
  if (response.status === 401) {
    askForToken()
    throw new ControlError('The control plane needs its token')
  }
  if (!response.ok) {
    const error = await response.json().catch(() => ({}))
    throw new ControlError(error?.error?.message ?? `${response.status} ${response.statusText}`)
  }
  return response.status === 204 ? undefined : response.json()
}

function askForToken() {
  const dialog = $('#token-dialog')
  if (dialog.open) return
  dialog.showModal()
}
$('#token-form').addEventListener('submit', () => {
  token = $('#token-input').value.trim() || undefined
  if (token) sessionStorage.setItem('docplat-control-token', token)
  refreshAll()
})

// ---- tabs ----

let currentTab = 'requests'
for (const button of document.querySelectorAll('#tabs button')) {
  button.addEventListener('click', () => showTab(button.dataset.tab))
}
function showTab(name) {
  currentTab = name
  for (const button of document.querySelectorAll('#tabs button')) button.setAttribute('aria-selected', String(button.dataset.tab === name))
  for (const section of document.querySelectorAll('.tab')) section.hidden = section.id !== `tab-${name}`
  if (name === 'state') loadState()
  if (name === 'tokens') loadTokens()
  if (name === 'faults') loadFaults()
  if (name === 'requests') renderRequests()
}

// ---- requests: a virtual list, so 10,000 entries cost as much DOM as one screen ----

/** Every exchange summary received, oldest first. */
let exchanges = []
let lastId = 0
let epoch
let filtered = exchanges
let filterText = ''
let selectedId
const list = $('#request-list')
const spacer = list.querySelector('.spacer-rows')

function matches(entry, text) {
  if (!text) return true
  return `${entry.method} ${entry.path} ${entry.status} ${entry.operationId ?? ''}`.toLowerCase().includes(text)
}

function applyFilter() {
  filtered = filterText ? exchanges.filter((e) => matches(e, filterText)) : exchanges
}

function renderRequests() {
  $('#request-count').textContent = String(exchanges.length)
  if (currentTab !== 'requests') return
  spacer.style.height = `${filtered.length * ROW_HEIGHT}px`
  const first = Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - 10)
  const last = Math.min(filtered.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + 10)
  const rows = []
  for (let i = first; i < last; i++) {
    const e = filtered[i]
    rows.push(
      h(
        'div',
        {
          className: `row${e.id === selectedId ? ' selected' : ''}`,
          style: { top: `${i * ROW_HEIGHT}px` },
          'data-id': e.id,
          role: 'button',
          onclick: () => select(e.id),
        },
        h('span', {}, e.at.slice(11, 23)),
        h('span', {}, e.method),
        h('span', { title: e.path }, e.path),
        h('span', { className: `s${String(e.status)[0]}` }, e.status === 0 ? 'dropped' : e.status),
        h('span', {}, e.duration),
        h('span', { title: e.operationId ?? '' }, e.operationId ?? ''),
      ),
    )
  }
  spacer.replaceChildren(...rows)
}
list.addEventListener('scroll', () => requestAnimationFrame(renderRequests))
window.addEventListener('resize', () => requestAnimationFrame(renderRequests))
$('#request-filter').addEventListener('input', (event) => {
  filterText = event.target.value.trim().toLowerCase()
  applyFilter()
  renderRequests()
})
$('#clear-requests').addEventListener('click', async () => {
  await control('DELETE', 'requests')
  exchanges = []
  applyFilter()
  clearDetail()
  renderRequests()
})

function clearDetail() {
  selectedId = undefined
  $('#detail').replaceChildren(h('p', { className: 'muted' }, 'Select a request to see its headers and bodies.'))
}

function headerList(headers) {
  const entries = Object.entries(headers ?? {})
  if (entries.length === 0) return h('p', { className: 'muted' }, 'none')
  return h(
    'dl',
    { className: 'headers' },
    entries.flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value)]),
  )
}

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
    message.truncated ? h('p', { className: 'muted' }, '(cut: the journal keeps 64 Ki characters of a body)') : null,
  )
}

async function select(id) {
  selectedId = id
  renderRequests()
  const detail = $('#detail')
  try {
    const e = await control('GET', `exchanges/${id}`)
    if (selectedId !== id) return
    detail.replaceChildren(
      h('h2', {}, `${e.method} ${e.path}`),
      h(
        'p',
        {},
        h('strong', { className: `s${String(e.status)[0]}` }, e.status === 0 ? 'dropped' : e.status),
        ` in ${e.duration} ms`,
        e.operationId ? ` · ${e.operationId}` : '',
        ` · ${e.at}`,
      ),
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
    detail.replaceChildren(h('p', { className: 'error' }, error.message))
  }
}

async function pollRequests() {
  let answer = await control('GET', `exchanges?after=${lastId}`)
  if (epoch !== undefined && answer.epoch !== epoch) {
    // The journal was cleared (a reset, from here or elsewhere): start over.
    exchanges = []
    lastId = 0
    applyFilter()
    clearDetail()
    answer = await control('GET', 'exchanges?after=0')
  }
  const changedEpoch = epoch !== answer.epoch
  epoch = answer.epoch
  const fresh = answer.exchanges
  if (fresh.length === 0) {
    renderRequests()
    return changedEpoch
  }
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - ROW_HEIGHT
  exchanges.push(...fresh)
  if (exchanges.length > 10_000) exchanges = exchanges.slice(-10_000)
  lastId = fresh.at(-1).id
  applyFilter()
  renderRequests()
  if (atBottom) list.scrollTop = list.scrollHeight
  return fresh.some((e) => e.method !== 'GET' && e.method !== 'HEAD' && e.status < 400)
}

// ---- state: tables, with references to other records followable ----

let snapshot
let tableName
let highlightId
/** Every record's ID → the table it is in, to turn IDs in other records into links. */
let owners = new Map()

async function loadState() {
  snapshot = await control('GET', 'state')
  owners = new Map()
  for (const [name, rows] of Object.entries(snapshot.tables))
    for (const row of rows) if (row && typeof row.id === 'string') owners.set(row.id, name)
  const names = Object.keys(snapshot.tables).sort()
  if (!tableName || !names.includes(tableName)) tableName = names.find((n) => snapshot.tables[n].length > 0) ?? names[0]
  $('#table-list').replaceChildren(
    ...names.map((name) =>
      h(
        'li',
        {},
        h(
          'button',
          { type: 'button', 'data-table': name, 'aria-current': String(name === tableName), onclick: () => openTable(name) },
          h('span', {}, name),
          h('span', { className: 'badge' }, snapshot.tables[name].length),
        ),
      ),
    ),
  )
  renderTable()
}

function openTable(name, id) {
  tableName = name
  highlightId = id
  for (const button of document.querySelectorAll('#table-list button'))
    button.setAttribute('aria-current', String(button.dataset.table === name))
  if (id === undefined) $('#record-filter').value = ''
  renderTable()
}

function cell(value) {
  if (typeof value === 'string' && owners.has(value)) {
    const target = owners.get(value)
    return h('a', { className: 'ref', title: `${target} ${value}`, onclick: () => follow(value) }, value)
  }
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && owners.has(v))) {
    return h(
      'span',
      {},
      value.flatMap((v, i) => [i ? ', ' : '', h('a', { className: 'ref', onclick: () => follow(v) }, v)]),
    )
  }
  if (value === null || value === undefined) return h('span', { className: 'muted' }, '–')
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  return h('span', { title: text.length > 60 ? text.slice(0, 2000) : '' }, text.length > 120 ? `${text.slice(0, 120)}…` : text)
}

function follow(id) {
  const target = owners.get(id)
  $('#record-filter').value = ''
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
  const rows = snapshot?.tables[tableName] ?? []
  $('#table-title').textContent = tableName ?? ''
  const text = $('#record-filter').value.trim().toLowerCase()
  let shown = text ? rows.filter((row) => JSON.stringify(row).toLowerCase().includes(text)) : rows
  if (highlightId !== undefined) {
    const index = shown.findIndex((row) => row.id === highlightId)
    // A followed record is shown even when it falls beyond the rendered rows.
    if (index >= MAX_RENDERED_RECORDS) shown = [shown[index], ...shown.slice(0, MAX_RENDERED_RECORDS - 1)]
  }
  const columns = [...new Set(shown.slice(0, 50).flatMap((row) => Object.keys(row)))]
  const limited = shown.slice(0, MAX_RENDERED_RECORDS)
  $('#record-count').textContent = limited.length < shown.length ? `${limited.length} of ${shown.length} rows` : `${shown.length} rows`
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
          { 'data-id': row.id, className: row.id === highlightId ? 'highlight' : '' },
          columns.map((c) => h('td', {}, cell(row[c]))),
        ),
      ),
    ),
  )
  $('#records').replaceChildren(table)
  if (highlightId !== undefined) table.querySelector('tr.highlight')?.scrollIntoView({ block: 'center', inline: 'nearest' })
}
$('#record-filter').addEventListener('input', () => {
  highlightId = undefined
  renderTable()
})
$('#refresh-state').addEventListener('click', () => loadState())

// ---- clock, reset ----

async function loadClock() {
  const clock = await control('GET', 'clock')
  $('#clock-now').textContent = `${clock.now.slice(0, 19).replace('T', ' ')} UTC${clock.frozen ? ' (frozen)' : ''}`
  $('#clock-now').dataset.iso = clock.now
}

$('#advance-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  try {
    await control('POST', 'clock/advance', { by: $('#advance-input').value.trim() })
    await loadClock()
  } catch (error) {
    alert(error.message)
  }
})

$('#reset-btn').addEventListener('click', async () => {
  await control('POST', 'reset')
  exchanges = []
  lastId = 0
  applyFilter()
  clearDetail()
  await refreshAll()
})

// ---- faults ----

function describeMatch(f) {
  const parts = []
  if (f.method) parts.push(f.method.toUpperCase())
  if (f.operationId) parts.push(f.operationId)
  if (f.path) parts.push(f.path)
  if (f.pathPattern) parts.push(`/${f.pathPattern}/`)
  return parts.join(' ') || 'every request'
}

function describeEffect(f) {
  const parts = []
  if (f.status) parts.push(`status ${f.status}${f.retryAfter !== undefined ? ` (Retry-After ${f.retryAfter})` : ''}`)
  if (f.latency) parts.push(`+${f.latency}${typeof f.latency === 'number' ? 'ms' : ''}`)
  if (f.drop) parts.push('drop the connection')
  if (f.times) parts.push(`${f.times} time${f.times > 1 ? 's' : ''}`)
  if (f.rate !== undefined) parts.push(`rate ${f.rate}`)
  return parts.join(', ')
}

async function loadFaults() {
  const { faults } = await control('GET', 'faults')
  $('#fault-count').textContent = String(faults.length)
  $('#fault-table tbody').replaceChildren(
    ...faults.map((f) =>
      h(
        'tr',
        { 'data-id': f.id },
        h('td', {}, f.id),
        h('td', {}, describeMatch(f)),
        h('td', {}, describeEffect(f)),
        h(
          'td',
          {},
          h(
            'button',
            {
              type: 'button',
              onclick: async () => {
                await control('DELETE', `faults/${f.id}`)
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

$('#fault-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const form = new FormData(event.target)
  const fault = {}
  for (const name of ['operationId', 'method', 'pathPattern', 'latency']) {
    const value = String(form.get(name) ?? '').trim()
    if (value) fault[name] = value
  }
  for (const name of ['status', 'times']) {
    const value = String(form.get(name) ?? '').trim()
    if (value) fault[name] = Number(value)
  }
  if (form.get('drop')) fault.drop = true
  const error = $('#fault-error')
  try {
    await control('POST', 'faults', fault)
    error.hidden = true
    event.target.reset()
  } catch (e) {
    error.textContent = e.message
    error.hidden = false
  }
  loadFaults()
})
$('#clear-faults').addEventListener('click', async () => {
  await control('DELETE', 'faults')
  loadFaults()
})

// ---- tokens ----

async function loadTokens() {
  const { tokens } = await control('GET', 'tokens')
  $('#token-table tbody').replaceChildren(
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

async function refreshAll() {
  const health = await control('GET', 'health')
  $('#health').textContent = `${location.host} · scenario ${health.scenario} · ${health.operations} operations`
  await Promise.all([pollRequests(), loadClock(), loadFaults()])
  if (currentTab === 'state') await loadState()
  if (currentTab === 'tokens') await loadTokens()
}

let stateStale = false
async function poll() {
  try {
    const changed = await pollRequests()
    await loadClock()
    if (changed) stateStale = true
    if (stateStale && currentTab === 'state') {
      stateStale = false
      await loadState()
    }
    if (currentTab === 'faults' || changed) await loadFaults()
  } catch (error) {
    if (!(error instanceof ControlError)) $('#health').textContent = `disconnected (${error.message})`
  } finally {
    setTimeout(poll, POLL_MS)
  }
}

refreshAll()
  .catch((error) => ($('#health').textContent = error.message))
  .finally(() => setTimeout(poll, POLL_MS))
