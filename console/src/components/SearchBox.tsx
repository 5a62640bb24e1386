import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';

/**
 * A list's search box: what is typed, and (a quarter second after typing stops) the trimmed text
 * to search for, so a query is not sent at every keystroke.
 */
export function useSearch(description: string): { box: ReactNode; q: string } {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  return { box: <SearchBox value={text} onChange={setText} description={description} />, q };
}

/**
 * The search box of a list searched by part of the name (assets, pages): what is typed, and (a
 * quarter second after typing stops) that text to search for.
 */
export function useNameSearch(): { box: ReactNode; q: string } {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 250);
  return {
    box: (
      <TextInput
        label="Search"
        placeholder="Part of the name"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
      />
    ),
    q,
  };
}

function SearchBox({
  value,
  onChange,
  description,
}: {
  value: string;
  onChange: (v: string) => void;
  description: string;
}) {
  return (
    <TextInput
      type="search"
      label="Search"
      description={description}
      maxLength={100}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={420}
    />
  );
}
