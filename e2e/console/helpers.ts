import { expect, type BrowserContext, type Page } from "@playwright/test";
import type { TWorldUser } from "../support/world";

/** Signs in the way a person does: through the /signin form. */
export async function signInWithForm(page: Page, user: TWorldUser): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Starts the browser with the fixture's ready-made session (organization selected), for
 * tests about what happens after sign-in.
 */
export async function useFixtureSession(context: BrowserContext, user: TWorldUser, baseURL: string): Promise<void> {
  await context.addCookies([
    { name: "service_session", value: user.cookie, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
}

/** The table row of the named item (domain, API key); exact, so "Main" never matches "Domain". */
export function rowNamed(page: Page, tableName: string, itemName: string) {
  return page
    .getByRole("table", { name: tableName })
    .getByRole("row")
    .filter({ has: page.getByText(itemName, { exact: true }) });
}

export async function expectOverview(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}
