import { Button, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiProblem, api, fileSrc, type UploadedFile } from '../api';
import { queryKeys } from '../query-keys';

/** What the server takes as a font (checked again by its bytes there). */
export const FONT_TYPES = { 'font/woff2': ['.woff2'], 'font/woff': ['.woff'] };

/**
 * Where an image (or a font) is chosen: drop a file on the zone, or click it (or Tab to it and
 * press Enter) to pick one. The file goes at once to `POST .../files`, with its progress shown;
 * the server checks it by its bytes, and its refusal (a text file named `.png`) is shown as the
 * field's error, in the server's words. `value` is the chosen file's id, shown as a thumbnail.
 */
export function UploadField({
  tenant,
  label,
  description,
  value,
  onChange,
  error,
  kind = 'image',
  disabled,
}: {
  tenant: string;
  label: string;
  description?: string;
  value: string | null;
  onChange: (fileId: string | null, file?: UploadedFile) => void;
  /** An error about the field from the form (the API naming it), shown with the upload's own. */
  error?: string;
  kind?: 'image' | 'font';
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const id = useId();
  const upload = async (file: File) => {
    setProblem(null);
    setProgress(0);
    try {
      const result = await api.uploadFile(tenant, file, setProgress);
      setUploaded(result);
      onChange(result.fileId, result);
    } catch (e) {
      // The server's words, after the name of the file they are about.
      const detail = e instanceof ApiProblem && e.errors[0] ? e.errors[0].detail : (e as Error).message;
      setProblem(`${file.name}: ${detail}`);
    } finally {
      setProgress(null);
    }
  };
  const reject = (rejections: FileRejection[]) => {
    const first = rejections[0];
    setProblem(
      first === undefined
        ? 'Choose one file'
        : `${first.file.name}: ${kind === 'font' ? 'choose a WOFF2 or WOFF font' : 'choose an image (PNG, JPEG, WebP, AVIF, GIF or SVG)'}`,
    );
  };
  const shown = error ?? problem ?? undefined;
  const what = kind === 'font' ? 'WOFF2 or WOFF font' : 'image';
  const prompt = `${value === null ? (kind === 'font' ? 'Drop a' : 'Drop an') : 'Drop another'} ${what} here, or click to choose one`;
  // A file chosen before (a brand being edited): its name, type and size from the API.
  const known = useQuery({
    queryKey: queryKeys.file(tenant, value ?? ''),
    queryFn: () => api.getFile(tenant, value ?? ''),
    enabled: value !== null && uploaded?.fileId !== value,
    retry: false,
  });
  const facts = uploaded !== null && uploaded.fileId === value ? uploaded : (known.data ?? null);
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={shown}
      id={id}
      errorProps={{ role: 'alert' }}
    >
      <Stack gap={6} mt={4}>
        {value !== null ? (
          <Group gap="sm" wrap="wrap" align="center">
            {kind === 'image' ? (
              <Image
                src={fileSrc(value)}
                alt={`${label}: the chosen image`}
                h={48}
                w="auto"
                maw={160}
                fit="contain"
                className="upload-thumb"
              />
            ) : null}
            <Text size="sm" className="cell-wrap" data-testid="chosen-file" style={{ flex: '1 1 10rem' }}>
              {facts
                ? `${facts.name} · ${facts.contentType} · ${formatBytes(facts.bytes)}${facts.width ? ` · ${facts.width}×${facts.height}` : ''}`
                : value}
            </Text>
            {disabled ? null : (
              <Button size="compact-sm" variant="default" onClick={() => onChange(null)}>
                Remove {label.toLowerCase()}
              </Button>
            )}
          </Group>
        ) : null}
        {disabled ? null : (
          <Dropzone
            onDrop={(files) => files[0] && upload(files[0])}
            onReject={reject}
            accept={kind === 'font' ? FONT_TYPES : IMAGE_MIME_TYPE}
            multiple={false}
            loading={progress !== null}
            // A group, not a button: the zone holds the file input, and a button may not.
            role="group"
            aria-label={`${label}: ${prompt}`}
            aria-describedby={shown ? `${id}-error` : undefined}
            aria-invalid={shown ? true : undefined}
            inputProps={{ 'aria-label': `${label} file` }}
            p="md"
          >
            <Text size="sm" ta="center">
              {prompt}
            </Text>
          </Dropzone>
        )}
        {progress !== null ? (
          <Progress
            value={Math.round(progress * 100)}
            aria-label={`Uploading: ${Math.round(progress * 100)}%`}
          />
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
