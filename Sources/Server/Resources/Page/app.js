// The page on `storebench serve`: keeps #world up to date by polling /world (the server answers
// 304 while nothing changed), and sends each Transaction Manager form to /actions with the
// server's token, showing how it went in #status: the server's JSON (a refused token is a 403
// with its reason), or the status of an answer that is not JSON. Without this script the forms
// post as they are, and the server answers with the page saying how it went.

const tokenField = document.querySelector('meta[name="storebench-token"]');
const world = document.getElementById('world');
const status = document.getElementById('status');
const pollInterval = 400;

let etag = world.dataset.etag;
let polling = null;

async function refresh() {
  const headers = etag ? { 'If-None-Match': etag } : {};
  const response = await fetch('/world', { headers, cache: 'no-store' });
  if (response.status === 200) {
    world.innerHTML = await response.text();
    etag = response.headers.get('ETag');
    world.dataset.etag = etag;
  } else if (response.status !== 304) {
    throw new Error(`GET /world answered ${response.status}`);
  }
}

function poll() {
  clearTimeout(polling);
  refresh()
    .then(() => { document.body.dataset.connected = 'yes'; })
    .catch(() => { document.body.dataset.connected = 'no'; })
    .finally(() => { polling = setTimeout(poll, pollInterval); });
}

function show(result) {
  status.dataset.result = result.ok ? 'ok' : 'failed';
  const line = result.line ? `${result.line}: ` : '';
  status.textContent = `${line}${result.message}`;
}

async function send(form) {
  const fields = new URLSearchParams(new FormData(form));
  fields.set('token', tokenField.content);
  const response = await fetch('/actions', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: fields,
  });
  const type = response.headers.get('Content-Type') || '';
  show(type.startsWith('application/json')
    ? await response.json()
    : { ok: false, message: `POST /actions answered ${response.status} ${response.statusText}`.trim() });
  poll();
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.action) return;
  event.preventDefault();
  send(form).catch((error) => show({ ok: false, message: String(error) }));
});

polling = setTimeout(poll, pollInterval);
