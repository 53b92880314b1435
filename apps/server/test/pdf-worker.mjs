// pdfjs-dist in a thread of its own (see test/pdf.ts): each message is a PDF's bytes and an id,
// each answer its pages' text or the error's message, with the same id. A message that says
// `hold` is never answered, as if pdfjs-dist had hung on it.
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function read(data) {
  const doc = await getDocument({ data, useSystemFonts: false, verbosity: 0 }).promise;
  const text = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text };
}

parentPort.on('message', ({ id, data, hold }) => {
  if (hold) return;
  read(data).then(
    (result) => parentPort.postMessage({ id, result }),
    (err) => parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
