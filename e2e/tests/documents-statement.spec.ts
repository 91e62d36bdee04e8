import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { utcIsoDate } from '@landunits/domain';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { APIRequestContext } from '@playwright/test';
import { acceptCookies, expect, expectAccessible } from './fixtures';
import { adminCredentials, journeyTest, registerThroughApi, screenshots, uniqueEmail } from './journeys';
import { staffLogInThroughApi } from './authenticator';

/**
 * Statements: a person with a paid buy and a transfer to another person downloads a PDF statement
 * and an XLSX statement from /dashboard/statement; the files are named for the period and read
 * back: the buy and the transfer are on them with the running balance, and opening plus the
 * postings is the closing balance.
 */

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { 'idempotency-key': randomUUID() } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function pdfText(path: string): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)), useSystemFonts: false, disableFontFace: true, verbosity: 0, isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] as number);
      const key = [...rows.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
      rows.set(key, [...(rows.get(key) ?? []), { x: item.transform[4] as number, s: item.str.trim() }]);
    }
    for (const [, items] of [...rows.entries()].sort(([a], [b]) => b - a))
      lines.push(
        items
          .sort((a, b) => a.x - b.x)
          .map((i) => i.s)
          .join(' '),
      );
  }
  await document.destroy();
  return lines;
}

journeyTest('a person downloads a PDF and an XLSX statement from the statement page and both show their orders', async ({ page, newPerson }) => {
  const emailA = uniqueEmail('stella');
  const emailB = uniqueEmail('bram');
  const b = await newPerson();
  const admin = await newPerson();
  await acceptCookies(page);
  await registerThroughApi(page.context().request, { email: emailA, firstName: 'Stella', lastName: 'Statement' });
  await registerThroughApi(b.context.request, { email: emailB, firstName: 'Bram', lastName: 'Brook' });

  // A buys 100 GBP Units by bank, the admin approves, A transfers 10 to B.
  const buy = (await post(page.context().request, '/api/order/create_order', { orderType: 'BUY', currencyUnit: { numberOfUnits: 100 }, paymentDetails: { paymentMethod: 'Bank' } })).orderCreatedData;
  await post(page.context().request, '/api/order/success_order', { orderId: buy.orderId });
  const { email: adminEmail, password: adminPassword } = adminCredentials();
  await staffLogInThroughApi(admin.context, adminEmail, adminPassword);
  await post(admin.context.request, `/api/admin/orders/${buy.orderId}/transition`, { toStatus: 'Approved', reason: 'Payment received' });
  const transfer = (await post(page.context().request, '/api/order/create_order', { orderType: 'TRANSFER', currencyUnit: { numberOfUnits: 10 }, transfer: { recipientEmail: emailB } }))
    .orderCreatedData;

  await page.goto('/dashboard/statement');
  await expect(page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'statement', page.getByRole('button', { name: 'Download statement' }));

  const today = utcIsoDate(new Date());
  const from = (await page.getByText(/\(UTC days, both included\)/).textContent()) ?? '';
  expect(from).toMatch(/ to /);

  await journeyTest.step('PDF', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statement' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^land-units-statement-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.pdf$`));
    await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
    const lines = await pdfText((await download.path())!);
    expect(lines).toContain('Name Stella Statement');
    expect(lines.find((l) => l.startsWith('GBP Units 0 100 10 90 '))).toBeTruthy();
    expect(lines.find((l) => l.includes(buy.orderId))).toMatch(/Buy RECEIVED Land Units 100 .* 100$/);
    expect(lines.find((l) => l.includes(transfer.orderId))).toMatch(/Transfer SENT Bram B\. 10 .* 90$/);
    expect(lines.some((l) => l.endsWith('Page 1'))).toBe(true);
  });

  await journeyTest.step('while the statement waits for its turn, the page says so, then downloads it', async () => {
    // The server's side of a turn (one document at a time per person) has its own tests; here the
    // statement is held back on its way and the progress answer says it is queued, as the server
    // does while another of the person's documents is being drawn.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/utility/generate-statement?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/utility/documents/progress', (route) => route.fulfill({ json: { state: 'queued', ahead: 1 } }));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statement' }).click();
    const status = page.getByRole('form', { name: 'Download a document' }).getByRole('status');
    await expect(status).toHaveText('Queued: your statement waits for its turn (1 document ahead)…');
    await expectAccessible(page);
    await screenshots(page, 'statement-queued', status);
    await page.unroute('**/api/utility/documents/progress');
    await page.route('**/api/utility/documents/progress', (route) => route.fulfill({ json: { state: 'rendering' } }));
    await expect(status).toHaveText('Rendering your statement…');
    release();
    const download = await downloading;
    await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
  });

  await journeyTest.step('XLSX', async () => {
    await page.getByLabel('Format', { exact: true }).selectOption('xlsx');
    await page.getByLabel('Unit types').selectOption('LAND_POUND');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statement' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^land-units-statement-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows.findIndex((r) => r[0] === 'Date' && r[1] === 'Unit type');
    const lines = rows.slice(header + 1);
    expect(lines.map((r) => [r[4], r[5] ?? null, r[7] ?? null, r[10] ?? null])).toEqual([
      ['Opening balance', null, null, 0],
      ['Buy', 'RECEIVED', 100, 100],
      ['Buy fee', null, null, null],
      ['Transfer', 'SENT', 10, 90],
      ['Closing balance', null, null, 90],
    ]);
    expect(lines.find((r) => r[3] === transfer.orderId)?.[6]).toBe('Bram B.');
  });
});
