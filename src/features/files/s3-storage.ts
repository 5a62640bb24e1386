import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config.js';
import { assertSafeKey, type FileStorage } from './file-storage.js';

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph...), so several nodes
 * share the files. Requests are signed with AWS Signature V4 by aws4fetch; only PUT, GET and
 * DELETE of single objects are used, which every S3-compatible server implements alike.
 */
export function s3Storage(config: S3Config): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    retries: 3,
  });
  const urlOf = (key: string) => {
    assertSafeKey(key);
    const objectKey = `${config.prefix}${key}`.split('/').map(encodeURIComponent).join('/');
    if (config.forcePathStyle) return `${config.endpoint}/${encodeURIComponent(config.bucket)}/${objectKey}`;
    const endpoint = new URL(config.endpoint);
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/${objectKey}`;
  };
  const fail = async (response: Response, what: string): Promise<never> => {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    throw new Error(`S3 ${what} failed: ${response.status} ${code}`.trim());
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(body) as unknown as BodyInit,
        headers: { 'content-type': contentType, 'content-length': String(body.length) },
      });
      if (!response.ok) await fail(response, `PUT ${key}`);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET' });
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail(response, `GET ${key}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(keys) {
      for (const key of keys) {
        const response = await client.fetch(urlOf(key), { method: 'DELETE' });
        if (!response.ok && response.status !== 404) await fail(response, `DELETE ${key}`);
        await response.arrayBuffer();
      }
    },
  };
}
