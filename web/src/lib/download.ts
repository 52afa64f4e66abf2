/**
 * Downloads a file the API serves only to a signed-in caller (an invoice PDF): fetched with the
 * bearer token like every API call, then handed to the browser as a download. A refusal comes
 * back as the API's JSON envelope and is thrown as an `ApiError`, as the JSON client does.
 */
import { API_BASE, ApiError, BAD_RESPONSE, NETWORK_ERROR } from './http.ts';
import { readToken } from './session.ts';

/** The file name the server gives in Content-Disposition, else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

export async function downloadFile(path: string, fallbackName: string, fetchImpl = globalThis.fetch): Promise<string> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetchImpl(`${API_BASE}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection and try again.', {
      status: 0,
      code: NETWORK_ERROR,
    });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(body?.message ?? 'The file could not be downloaded. Please try again.', {
      status: response.status,
      code: body?.code ?? BAD_RESPONSE,
    });
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
