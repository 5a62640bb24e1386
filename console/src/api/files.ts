/** Files (images and fonts) uploaded to the tenant's file storage, and brands that use them. */
import { ApiProblem, BASE, client, currentCsrfToken, ok, tenantPath } from './client';
import type { BrandInput, BrandUpdate, UploadedFile } from './types';

/**
 * POSTs one file as `multipart/form-data` in the field `file` (the typed client sends JSON only).
 * XMLHttpRequest rather than fetch: only it reports the upload's progress. A refusal is the
 * server's problem+json, thrown as ApiProblem (a text file named `.png` is a 400 naming `/file`).
 */
export function uploadFile(
  tenant: string,
  file: File,
  onProgress: (fraction: number) => void = () => {},
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/tenants/${encodeURIComponent(tenant)}/files`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    const token = currentCsrfToken();
    if (token !== undefined) xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiProblem(0, 'network', 'The upload did not reach the server'));
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as Partial<{
        code: string;
        detail: string;
        errors: ApiProblem['errors'];
      }>;
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as UploadedFile);
      else
        reject(
          new ApiProblem(
            xhr.status,
            body.code ?? 'internal',
            body.detail ?? xhr.statusText,
            body.errors ?? [],
          ),
        );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export const fileCalls = {
  uploadFile,
  getFile: (tenant: string, fileId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/files/{file_id}', {
        params: { path: { tenant, file_id: fileId } },
      }),
    ),
};

/**
 * Where the console shows a file: Quire serves every file itself under `/files/` (same origin,
 * which the console's CSP allows), whatever `PUBLIC_FILE_BASE_URL` the pages use.
 */
export const fileSrc = (fileId: string, variant?: 'preview') =>
  `/files/${encodeURIComponent(fileId)}${variant ? `/${variant}` : ''}`;

export const brandCalls = {
  listBrands: (tenant: string) =>
    ok(client.GET('/admin/v0/tenants/{tenant}/brands', { params: tenantPath(tenant) })),
  createBrand: (tenant: string, input: BrandInput) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/brands', { params: tenantPath(tenant), body: input })),
  updateBrand: (tenant: string, brandId: string, update: BrandUpdate) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/brands/{brand_id}', {
        params: { path: { tenant, brand_id: brandId } },
        body: update,
      }),
    ),
  deleteBrand: (tenant: string, brandId: string) =>
    ok(
      client.DELETE('/admin/v0/tenants/{tenant}/brands/{brand_id}', {
        params: { path: { tenant, brand_id: brandId } },
      }),
    ),
};
