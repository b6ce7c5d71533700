// The page on `storebench serve`: keeps #world up to date by polling /world (the server answers
// 304 while nothing changed), and sends each Transaction Manager form to /actions with the
// server's token, showing how it went in #status.

const token = document.querySelector('meta[name="storebench-token"]').content;
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
  fields.set('token', token);
  const response = await fetch('/actions', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: fields,
  });
  show(await response.json());
  poll();
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.action) return;
  event.preventDefault();
  send(form).catch((error) => show({ ok: false, message: String(error) }));
});

polling = setTimeout(poll, pollInterval);
