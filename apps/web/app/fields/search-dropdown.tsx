import type { FieldOption } from "@pinjaman/contracts/flows";
import { t } from "@pinjaman/i18n";
import { useId, useState, type KeyboardEvent } from "react";
import "@pinjaman/i18n/ns/fields";

export type SearchDropdownProps = {
  /** The input's id (a FieldFrame label points at it). */
  id: string;
  name: string;
  options: readonly FieldOption[];
  /** The chosen option's value; null when nothing is chosen. */
  value: string | null;
  onSelect(option: FieldOption | null): void;
  /**
   * Called with what the person types. The address field searches the server with it (and passes
   * filter=false); a plain dropdown filters its options locally.
   */
  onQueryChange?(query: string): void;
  /** Filter the options by the typed text here (default true). */
  filter?: boolean;
  /** While the options are being fetched ("Mencari ..." instead of "no match"). */
  loading?: boolean;
  /** The chosen option's label when it is not among `options` (a resumed address value). */
  selectedLabel?: string | null;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  placeholder?: string | null;
  describedBy?: string;
  invalid?: true;
};

function normalize(text: string): string {
  return text.toLocaleLowerCase("id").trim();
}

/**
 * An accessible combobox (WAI-ARIA 1.2 "list autocomplete"): the input filters the options as
 * the person types, arrows move through them, Enter picks, Escape closes. The list is at most
 * 350 px high (spec section 9) and says "Tidak ada opsi yang cocok" when nothing matches.
 */
export function SearchDropdown({
  id,
  name,
  options,
  value,
  onSelect,
  onQueryChange,
  filter = true,
  loading = false,
  selectedLabel,
  disabled = false,
  readOnly = false,
  required,
  placeholder,
  describedBy,
  invalid,
}: SearchDropdownProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);

  const chosen = options.find((option) => option.value === value);
  const chosenLabel = chosen?.label ?? (value ? (selectedLabel ?? value) : "");
  const text = query ?? chosenLabel;
  const needle = normalize(query ?? "");
  const visible = filter && needle !== "" ? options.filter((option) => normalize(option.label).includes(needle)) : options;
  const activeOption = active >= 0 ? visible[active] : undefined;
  const expanded = open && !disabled && !readOnly;

  function close() {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  }

  function choose(option: FieldOption) {
    onSelect(option);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (disabled || readOnly) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      if (visible.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + visible.length) % visible.length);
    } else if (event.key === "Enter") {
      if (expanded && activeOption) {
        event.preventDefault();
        choose(activeOption);
      }
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        close();
      }
    }
  }

  return (
    <div className="search-dropdown">
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        className="field__input search-dropdown__input"
        value={text}
        placeholder={placeholder ?? t("fields.search.placeholder")}
        disabled={disabled}
        readOnly={readOnly}
        required={required}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeOption ? `${listId}-${active}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const next = event.target.value;
          setQuery(next);
          setOpen(true);
          setActive(-1);
          onQueryChange?.(next);
          // Emptying the box un-chooses the value, so a required field says so.
          if (next.trim() === "" && value) onSelect(null);
        }}
      />
      <ul id={listId} role="listbox" className="search-dropdown__list" hidden={!expanded || visible.length === 0}>
        {visible.map((option, index) => (
          <li
            key={option.value}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={option.value === value}
            className={index === active ? "search-dropdown__option search-dropdown__option--active" : "search-dropdown__option"}
            // Keep the focus in the input so blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      {expanded && visible.length === 0 && (
        <p className="search-dropdown__empty" role="status">
          {loading ? t("fields.search.searching") : t("fields.search.no_options")}
        </p>
      )}
    </div>
  );
}
