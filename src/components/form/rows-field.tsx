/**
 * A repeating block (incomes, obligations, tax residencies, co-owners) bound to a `rows` field of
 * a step contract, on react-hook-form's useFieldArray (docs/decisions/115-repeating-blocks.md):
 * - each row is a fieldset whose legend names it ("Income 2"), with a remove button that says
 *   which row it removes ("Remove income 2");
 * - adding a row moves focus to its first field; removing one moves focus to the add button (or,
 *   at the limit, to the previous row), so a keyboard user is never dropped to the page's top;
 * - a polite live region says what happened ("Income 2 of 6 added", "Income 2 removed");
 * - at the contract's `max` the add button gives way to a sentence saying why no more can be
 *   added; below `min` (or for a fixed row) rows have no remove button;
 * - a problem with the block as a whole (too many rows from a draft or the server) shows above
 *   the rows, and the error summary links to the block.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { get, useFieldArray, useFormState } from 'react-hook-form';
import type { ArrayPath, FieldArray, FieldValues, UseFormReturn } from 'react-hook-form';
import type { RowsField as RowsKind, ValueFieldTable } from '../../../core/contract/fields';
import { useValidationMessage } from '../../i18n/validation-message';
import { ErrorMessage } from '../field';
import { fieldIdOf } from './use-step-form';
import './rows-field.css';

/** Every text of a block, translated by the step (rows count from 0; show them from 1). */
export interface RowsTexts {
  /** A row's legend: "Income 2". */
  legend: (row: number) => string;
  /** The add button: "Add another income". */
  add: string;
  /** A row's remove button, naming the row: "Remove income 2". */
  remove: (row: number) => string;
  /** Announced once a row is added: "Income 2 of 6 added". */
  added: (row: number, max: number) => string;
  /** Announced once a row is removed: "Income 2 removed". */
  removed: (row: number) => string;
  /** Shown instead of the add button at the limit: "You have added 6 incomes, the most you can." */
  atLimit: (max: number) => string;
}

export interface RowsFieldProps<TValues extends FieldValues, TOutput, TName extends ArrayPath<TValues>> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The block's form name (the contract's rows field). */
  name: TName;
  /** The contract's rows field: how many rows it takes and what an empty row holds. */
  field: RowsKind<ValueFieldTable>;
  texts: RowsTexts;
  /** The id of the heading that names the block (its question, "Your income"). */
  labelledBy?: string;
  /** A row that stays (the fixed first tax residency): no remove button. */
  fixed?: (row: number) => boolean;
  /** A row's fields, bound by name (`${name}.${row}.source`). */
  children: (row: number) => ReactNode;
}

type Focus = { kind: 'row'; row: number } | { kind: 'afterRemoval'; row: number } | null;

/**
 * What a new row holds: each of its fields' empty value (as `emptyRow` of core/contract/fields.ts,
 * not imported so the form chunk that loads with the first page carries no contract code).
 */
function emptyRowOf(field: RowsKind<ValueFieldTable>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(field.item).map(([name, item]) => [name, structuredClone(item.empty)]));
}

/** The first control a person fills in a row (not its remove button). */
function firstControl(row: Element | null | undefined): HTMLElement | null {
  return row?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea') ?? null;
}

export function RowsField<TValues extends FieldValues, TOutput, TName extends ArrayPath<TValues>>({
  form,
  name,
  field,
  texts,
  labelledBy,
  fixed,
  children,
}: RowsFieldProps<TValues, TOutput, TName>) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const { errors } = useFormState({ control: form.control, name: name as never, exact: true });
  const translate = useValidationMessage();
  const blockRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<Focus>(null);
  const [announcement, setAnnouncement] = useState<{ id: number; text: string } | null>(null);

  const id = fieldIdOf(name);
  const own = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const key = own?.message || own?.root?.message;
  const error = key ? translate(key) : undefined;
  const canAdd = fields.length < field.max;
  const canRemove = (row: number) => fields.length > field.min && !fixed?.(row);

  // A DOM need: focus follows the row added or removed once it is (or is no longer) on the page.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    const rowElement = (row: number) => blockRef.current?.querySelector(`[data-row="${row}"]`);
    const target = focus.kind === 'row' ? firstControl(rowElement(focus.row)) : (addRef.current ?? firstControl(rowElement(focus.row - 1)));
    target?.focus();
  });

  const announce = (text: string) => setAnnouncement((last) => ({ id: (last?.id ?? 0) + 1, text }));

  const addRow = () => {
    const row = fields.length;
    append(emptyRowOf(field) as FieldArray<TValues, TName>, { shouldFocus: false });
    pendingFocus.current = { kind: 'row', row };
    announce(texts.added(row, field.max));
  };

  const removeRow = (row: number) => {
    remove(row);
    pendingFocus.current = { kind: 'afterRemoval', row };
    announce(texts.removed(row));
  };

  return (
    <div
      ref={blockRef}
      id={id}
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={error ? `${id}-error` : undefined}
      tabIndex={-1}
      className={error ? 'solis-rows solis-form-group--error' : 'solis-rows'}
    >
      {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
      {fields.map((item, row) => (
        <fieldset key={item.id} className="solis-fieldset solis-rows__row" data-row={row}>
          <legend className="solis-fieldset__legend solis-fieldset__legend--question solis-rows__legend">{texts.legend(row)}</legend>
          {children(row)}
          {canRemove(row) && (
            <button type="button" className="solis-button solis-button--secondary solis-rows__remove" onClick={() => removeRow(row)}>
              {texts.remove(row)}
            </button>
          )}
        </fieldset>
      ))}
      {canAdd ? (
        <button ref={addRef} type="button" className="solis-button solis-button--secondary solis-rows__add" onClick={addRow}>
          {texts.add}
        </button>
      ) : (
        <p className="solis-hint solis-rows__limit">{texts.atLimit(field.max)}</p>
      )}
      <div role="status" className="solis-visually-hidden">
        {announcement && <span key={announcement.id}>{announcement.text}</span>}
      </div>
    </div>
  );
}
