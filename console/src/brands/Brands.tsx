import { Box, Button, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api, type Brand, fileSrc } from '../api';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { BrandForm } from './BrandForm';

/** Colour chips of a brand, each named for screen readers. */
function Swatches({ brand }: { brand: Brand }) {
  return (
    <Group gap={4} wrap="nowrap">
      {(['background', 'text', 'primary', 'accent'] as const).map((key) => (
        <Box
          key={key}
          w={18}
          h={18}
          style={{ background: brand.colors[key], border: '1px solid #868e96', borderRadius: 4 }}
          title={`${key} ${brand.colors[key]}`}
          aria-label={`${key} ${brand.colors[key]}`}
          role="img"
        />
      ))}
    </Group>
  );
}

/** The tenant's brands (viewer); an editor creates and edits them. Pages name a brand by its id. */
export function Brands() {
  const { tenant = '' } = useParams();
  const me = useMe();
  const editor = can(me, 'editor');
  const brands = usePaged(queryKeys.brands(tenant), () => api.listBrands(tenant));
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  // The logo and the edit button: in the table and on a phone's card.
  const logoOf = (brand: Brand) =>
    brand.logoFileId ? (
      <Image
        src={fileSrc(brand.logoFileId)}
        alt={`${brand.name} logo`}
        h={28}
        w="auto"
        maw={96}
        fit="contain"
      />
    ) : null;
  const editButton = (brand: Brand) => (
    <Button
      size="compact-sm"
      variant="default"
      onClick={() => setEditing(brand)}
      aria-label={`Edit ${brand.name}`}
    >
      Edit
    </Button>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Brands</Title>
        {editor ? <Button onClick={() => setEditing('new')}>New brand</Button> : null}
      </Group>
      <Text size="sm">
        A page names its brand by id; every block renders in the brand's colours, font and button radius.
      </Text>
      <QueryError error={brands.error} />
      <PagedTable
        paged={brands}
        minWidth={640}
        caption={({ items }) => `${plural(items.length, 'brand')}, by name`}
        columns={['Logo', 'Name', 'Brand id', 'Colours', 'Font', 'Radius', editor ? '' : null]}
        card={(brand) => ({
          key: brand.brandId,
          title: brand.name,
          subtitle: brand.brandId,
          badge: logoOf(brand),
          facts: [
            ['Colours', <Swatches key="swatches" brand={brand} />],
            ['Font', brand.font.kind === 'system' ? brand.font.stack : `${brand.font.family} (file)`],
            ['Radius', String(brand.buttonRadius)],
          ],
          actions: editor ? editButton(brand) : null,
        })}
        row={(brand) => (
          <Table.Tr key={brand.brandId}>
            <Table.Td>{logoOf(brand)}</Table.Td>
            <Table.Td className="cell-wrap">{brand.name}</Table.Td>
            <Table.Td className="cell-wrap">{brand.brandId}</Table.Td>
            <Table.Td>
              <Swatches brand={brand} />
            </Table.Td>
            <Table.Td className="cell-wrap">
              {brand.font.kind === 'system' ? brand.font.stack : `${brand.font.family} (file)`}
            </Table.Td>
            <Table.Td>{brand.buttonRadius}</Table.Td>
            {editor ? <Table.Td>{editButton(brand)}</Table.Td> : null}
          </Table.Tr>
        )}
      />
      {editing !== null ? (
        <BrandForm
          tenant={tenant}
          brand={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
