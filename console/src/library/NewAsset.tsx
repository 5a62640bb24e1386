import { Checkbox, Select, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiProblem, ASSET_TYPES, type AssetType, api } from '../api';
import { FormDialog } from '../components/Dialog';
import { UploadField } from '../components/UploadField';
import { queryKeys } from '../query-keys';

const EMPTY = { name: '', purpose: '', fileId: '', tags: [] as string[], aiDescription: '', hidden: false };

/** The form of a new asset: an image dropped or chosen is uploaded at once, and named by its file id. */
export function NewAsset({
  tenant,
  opened,
  onClose,
}: {
  tenant: string;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [assetType, setAssetType] = useState<AssetType>('image');
  const [form, setForm] = useState(EMPTY);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      api.createAsset(tenant, {
        assetType,
        name: form.name.trim(),
        fileId: form.fileId.trim(),
        purpose: form.purpose,
        tags: form.tags,
        hidden: form.hidden,
        ...(form.aiDescription.trim() ? { aiDescription: form.aiDescription } : {}),
      }),
    onSuccess: (asset) => {
      setForm(EMPTY);
      queryClient.invalidateQueries({ queryKey: queryKeys.assets(tenant) });
      onClose();
      navigate(`/t/${tenant}/assets/${asset.assetId}`);
    },
  });
  const errors = { ...(create.error instanceof ApiProblem ? create.error.fieldErrors() : {}), ...missing };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const required: Record<string, string> = {};
    if (!form.name.trim()) required.name = 'A name is required';
    if (!form.fileId.trim()) required.fileId = 'The file id is required';
    setMissing(required);
    if (Object.keys(required).length === 0) create.mutate();
  };
  // Editing a field clears what was said about it missing.
  const set = (field: keyof typeof EMPTY) => (value: string | string[] | boolean) => {
    setForm((f) => ({ ...f, [field]: value }));
    setMissing(({ [field]: _, ...rest }) => rest);
  };
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="New asset"
      size="lg"
      onSubmit={submit}
      noValidate
      error={create.error instanceof ApiProblem && create.error.errors.length > 0 ? null : create.error}
      submit="Create asset"
      pending={create.isPending}
    >
      <Select
        label="Type"
        data={[...ASSET_TYPES]}
        value={assetType}
        onChange={(value) => value && setAssetType(value as AssetType)}
        allowDeselect={false}
        error={errors.assetType}
      />
      <TextInput
        label="Name"
        required
        maxLength={1000}
        value={form.name}
        error={errors.name}
        onChange={(e) => set('name')(e.currentTarget.value)}
      />
      {assetType === 'image' || assetType === 'logo' || assetType === 'icon' ? (
        <UploadField
          tenant={tenant}
          label="Image"
          description="Uploaded to Quire's file storage; its file id fills the field below."
          value={form.fileId.trim() === '' ? null : form.fileId.trim()}
          onChange={(fileId, file) => {
            set('fileId')(fileId ?? '');
            if (file && !form.name.trim()) set('name')(file.name);
          }}
        />
      ) : null}
      <TextInput
        label="File id"
        description="The file's id in Quire's file storage (filled by an upload), or its name in your own."
        required
        maxLength={1024}
        value={form.fileId}
        error={errors.fileId}
        onChange={(e) => set('fileId')(e.currentTarget.value)}
      />
      <TextInput
        label="Purpose"
        maxLength={2000}
        value={form.purpose}
        error={errors.purpose}
        onChange={(e) => set('purpose')(e.currentTarget.value)}
      />
      <TagsInput label="Tags" value={form.tags} onChange={set('tags')} error={errors.tags} />
      <Textarea
        label="AI description"
        description="What the page agent reads about the asset."
        autosize
        minRows={2}
        value={form.aiDescription}
        error={errors.aiDescription}
        onChange={(e) => set('aiDescription')(e.currentTarget.value)}
      />
      <Checkbox
        label="Hidden (kept out of the /v0 search)"
        checked={form.hidden}
        onChange={(e) => set('hidden')(e.currentTarget.checked)}
      />
    </FormDialog>
  );
}
