import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextInput } from '@metatag/ui';

/** The header's search box (issue #20): Enter opens `/search/{encoded query}`. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // the router's navigate settles when the results page has rendered; nothing waits for it
    if (text.trim()) void navigate(`/search/${encodeURIComponent(text.trim())}`);
  };
  return (
    <form role="search" className="header-search" onSubmit={submit}>
      <TextInput
        type="search"
        aria-label="Search"
        placeholder="Search chips, templates…"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
