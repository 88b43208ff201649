import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionTemplate, MenuLink } from '@metatag/api-types';
import { Button, INVALID_VALUE, TextInput, collectionTemplateTokens, themeStyle } from '@metatag/ui';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import type { ChainName } from '../../lib/chains.js';
import { useChain } from '../../lib/useChain.js';
import { useCollectionAddress } from './CollectionArea.js';
import {
  COLOR_FIELDS,
  MENU_LINKS_MAX,
  changedTemplateFields,
  defaultColor,
  invalidTemplateFields,
  isMenuLink,
  normalizeTemplate,
  type ColorField,
} from './templateRules.js';
import './templateEditor.css';

const templateKey = (chain: ChainName, address: string) => ['collection-template', chain, address] as const;

/** The browser's own check of a colour name. */
const isNamedColor = (name: string) =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', name) : true;

/**
 * `#rgb` → `#rrggbb`, for the colour picker (which needs six digits); empty: the theme's default the
 * page uses (a black swatch read as "black" for a field left at its default); a colour name: black.
 */
function pickerValue(value: string, fallback: string): string {
  const hex = value.trim().toLowerCase();
  if (!hex) return fallback;
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
  return '#000000';
}

function ColorInput({
  field,
  label,
  value,
  fallback,
  invalid,
  onChange,
}: {
  field: ColorField;
  label: string;
  value: string;
  /** The theme's colour for this field when it is left empty. */
  fallback: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field template-editor__color" data-field={field}>
      <span className="field__label">{label}</span>
      <span className="template-editor__color-row">
        <input
          type="color"
          aria-label={`${label} picker`}
          title={value.trim() ? undefined : `default: ${fallback}`}
          data-default={value.trim() ? undefined : 'true'}
          value={pickerValue(value, fallback)}
          onChange={(event) => onChange(event.target.value)}
        />
        <TextInput
          aria-label={label}
          value={value}
          placeholder="default"
          invalid={invalid}
          maxLength={32}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      </span>
      {invalid && <span className="mt-error-text">{INVALID_VALUE}</span>}
    </label>
  );
}

function MenuLinksEditor({ links, onChange }: { links: MenuLink[]; onChange: (links: MenuLink[]) => void }) {
  const set = (index: number, change: Partial<MenuLink>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...change } : link)));
  return (
    <fieldset className="template-editor__menu">
      <legend>Menu links</legend>
      {links.length === 0 && <p className="muted">No menu links.</p>}
      {links.map((link, index) => {
        const invalid = !isMenuLink(link);
        return (
          <div key={index} className="template-editor__menu-link" data-testid={`menu-link-${index}`}>
            <TextInput
              aria-label={`Menu link ${index + 1} title`}
              placeholder="Title"
              value={link.title}
              maxLength={100}
              onChange={(event) => set(index, { title: event.target.value })}
            />
            <TextInput
              aria-label={`Menu link ${index + 1} address`}
              placeholder="https://… or /path"
              value={link.href}
              invalid={invalid && link.href !== ''}
              onChange={(event) => set(index, { href: event.target.value })}
            />
            <TextInput
              aria-label={`Menu link ${index + 1} category`}
              placeholder="Category"
              value={link.category}
              maxLength={100}
              onChange={(event) => set(index, { category: event.target.value })}
            />
            <Button variant="ghost" onClick={() => onChange(links.filter((_, i) => i !== index))}>
              Remove
            </Button>
            {invalid && <span className="mt-error-text">{INVALID_VALUE}</span>}
          </div>
        );
      })}
      <Button
        variant="secondary"
        disabled={links.length >= MENU_LINKS_MAX}
        onClick={() => onChange([...links, { title: '', href: '', category: '' }])}
      >
        Add menu link
      </Button>
    </fieldset>
  );
}

/** A small preview of the public page's colours and font. */
function TemplatePreview({ template }: { template: CollectionTemplate }) {
  return (
    <div
      className="template-preview"
      data-theme={template.theme}
      style={themeStyle(collectionTemplateTokens(template))}
      aria-label="Preview"
    >
      {template.logoURL && (
        <img
          className="template-preview__logo"
          src={template.logoURL}
          alt="Logo"
          style={{ padding: template.logoPadding || undefined }}
        />
      )}
      <p className="template-preview__title">Title</p>
      <p className="template-preview__text">
        Text with <a href="#preview">a link</a>.
      </p>
      {template.menuToggle && template.menuLinks.length > 0 && (
        <ul className="template-preview__menu">
          {template.menuLinks.map((link, index) => (
            <li key={index}>
              {link.category && (
                <span style={{ color: template.menuCategoryColor || undefined }}>{link.category}: </span>
              )}
              <span style={{ color: template.menuLinkColor || undefined }}>{link.title || link.href}</span>
            </li>
          ))}
        </ul>
      )}
      <span className="template-preview__button">Button</span>
      <span className="template-preview__states">
        <span style={{ color: 'var(--mt-success)' }}>success</span>{' '}
        <span style={{ color: 'var(--mt-check)' }}>check</span>{' '}
        <span style={{ color: 'var(--mt-fail)' }}>fail</span>
      </span>
    </div>
  );
}

function TemplateForm({
  chain,
  address,
  saved,
  justSaved,
  onSaved,
}: {
  chain: ChainName;
  address: string;
  saved: CollectionTemplate;
  /** The form was just remounted by a save: say so until the next change. */
  justSaved: boolean;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CollectionTemplate>(saved);
  const [done, setDone] = useState(justSaved);
  const save = useMutation({
    mutationFn: async (patch: Partial<CollectionTemplate>) =>
      unwrap(await typedApi.call('saveCollectionTemplate', { params: { chain, address }, body: patch })).item,
    onSuccess: (item) => {
      onSaved();
      setDone(true);
      queryClient.setQueryData(templateKey(chain, address), item);
    },
  });
  const normalized = normalizeTemplate(draft);
  const invalid = invalidTemplateFields(normalized, isNamedColor);
  const patch = changedTemplateFields(saved, normalized);
  const changed = Object.keys(patch).length > 0;
  const set = <K extends keyof CollectionTemplate>(key: K, value: CollectionTemplate[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setDone(false);
    save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid.size > 0 || !changed || save.isPending) return;
    save.mutate(patch);
  };

  return (
    <form className="template-editor" onSubmit={submit} aria-label="Collection template">
      <fieldset className="template-editor__theme">
        <legend>Theme</legend>
        {(['light', 'dark'] as const).map((theme) => (
          <label key={theme}>
            <input
              type="radio"
              name="theme"
              value={theme}
              checked={draft.theme === theme}
              onChange={() => set('theme', theme)}
            />
            {theme}
          </label>
        ))}
      </fieldset>
      <div className="template-editor__colors">
        {COLOR_FIELDS.map(([field, label]) => (
          <ColorInput
            key={field}
            field={field}
            label={label}
            value={draft[field]}
            fallback={defaultColor(draft.theme, field)}
            invalid={invalid.has(field)}
            onChange={(value) => set(field, value)}
          />
        ))}
      </div>
      <label className="field">
        <span className="field__label">Font family</span>
        <TextInput
          value={draft.fontFamily}
          placeholder="default"
          maxLength={200}
          invalid={invalid.has('fontFamily')}
          onChange={(event) => set('fontFamily', event.target.value)}
        />
        {invalid.has('fontFamily') && <span className="mt-error-text">{INVALID_VALUE}</span>}
      </label>
      <label className="field">
        <span className="field__label">Logo URL</span>
        <TextInput
          value={draft.logoURL}
          placeholder="https://…"
          invalid={invalid.has('logoURL')}
          onChange={(event) => set('logoURL', event.target.value)}
        />
        {invalid.has('logoURL') && <span className="mt-error-text">{INVALID_VALUE}</span>}
      </label>
      <label className="field">
        <span className="field__label">Logo padding</span>
        <TextInput
          value={draft.logoPadding}
          placeholder="e.g. 8px"
          invalid={invalid.has('logoPadding')}
          onChange={(event) => set('logoPadding', event.target.value)}
        />
        {invalid.has('logoPadding') && <span className="mt-error-text">{INVALID_VALUE}</span>}
      </label>
      <label className="template-editor__toggle">
        <input
          type="checkbox"
          checked={draft.menuToggle}
          onChange={(event) => set('menuToggle', event.target.checked)}
        />
        Show the menu
      </label>
      <MenuLinksEditor links={draft.menuLinks} onChange={(links) => set('menuLinks', links)} />
      <TemplatePreview template={normalized} />
      <div className="template-editor__actions">
        <Button type="submit" disabled={invalid.size > 0 || !changed || save.isPending}>
          Save template
        </Button>
        <Button variant="secondary" disabled={!changed || save.isPending} onClick={() => setDraft(saved)}>
          Discard changes
        </Button>
        {invalid.size > 0 && <span className="mt-error-text">{INVALID_VALUE}</span>}
        {save.isError && (
          <span className="mt-error-text" role="alert">
            {save.error.message}
          </span>
        )}
        {done && !changed && (
          <span className="notice" role="status">
            Template saved
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * `/{chain}/admin/collection/{collectionAddress}/template`: the collection template of spec
 * section 3 (theme, colours, font, logo, menu) that its public chip and link pages use.
 */
export function CollectionTemplatePage() {
  const chain = useChain();
  const address = useCollectionAddress();
  const [justSaved, setJustSaved] = useState(false);
  const template = useQuery({
    queryKey: templateKey(chain, address ?? ''),
    queryFn: async ({ signal }) =>
      unwrap(
        await typedApi.call('collectionTemplate', { params: { chain, address: address ?? '' } }, { signal }),
      ).item,
    enabled: address !== null,
    meta: { userScoped: true },
  });
  if (!address) return null;
  if (template.isPending) return <div className="page-loading" aria-busy="true" />;
  if (template.isError) {
    return (
      <p className="mt-error-text" role="alert">
        {template.error.message}
      </p>
    );
  }
  // A new saved template (after a save) starts a fresh draft.
  return (
    <TemplateForm
      key={JSON.stringify(template.data)}
      chain={chain}
      address={address}
      saved={template.data}
      justSaved={justSaved}
      onSaved={() => setJustSaved(true)}
    />
  );
}
