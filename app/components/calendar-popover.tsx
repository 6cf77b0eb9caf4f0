/**
 * The date field's calendar (react-day-picker in French: weeks from Monday, French month and day
 * names and labels, arrow keys, Page Up/Down for months), in a Radix popover anchored to the field.
 * Loaded only when a calendar is first opened: the forms' first load carries the typed field alone.
 */
import { Popover } from 'radix-ui';
import { type RefObject, useRef } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { fr } from 'react-day-picker/locale';
import { cn } from '~/lib/cn';
import { calendarDateToDay, dayToCalendarDate } from '~/lib/french-date';

export type CalendarPopoverProps = {
  /** The popover's accessible name. */
  label: string;
  /** The field the calendar opens under (its input and button). */
  anchor: RefObject<HTMLElement | null>;
  /** The button that opened it: focus comes back to it when the calendar closes by Escape or a choice. */
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  /** The chosen day (YYYY-MM-DD), or null. */
  selected: string | null;
  /** Today in Kinshasa (YYYY-MM-DD): marked, and shown first when no day is chosen. */
  today: string;
  min?: string;
  max?: string;
  onSelect: (day: string) => void;
};

const navButton =
  'inline-flex size-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-40';

export default function CalendarPopover({
  label,
  anchor,
  opener,
  onClose,
  selected,
  today,
  min,
  max,
  onSelect,
}: CalendarPopoverProps) {
  const clickedOutside = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  const disabled: Matcher[] = [];
  if (min) disabled.push({ before: dayToCalendarDate(min) });
  if (max) disabled.push({ after: dayToCalendarDate(max) });
  const chosen = selected ? dayToCalendarDate(selected) : undefined;
  return (
    <Popover.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          aria-label={label}
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          ref={content}
          // The focus goes to the chosen day (else today), the one day the grid lets Tab reach.
          // Here rather than by the day picker's autoFocus: the popover's focus scope is then in
          // place, and a dialog around the field no longer pulls the focus back into itself.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]')?.focus();
          }}
          onInteractOutside={(event) => {
            // The calendar button toggles it: a press there is not a click away.
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
            else clickedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!clickedOutside.current) opener.current?.focus();
          }}
          className="z-50 rounded-xl border border-gray-200 bg-white p-3 shadow-lg"
        >
          <DayPicker
            mode="single"
            locale={fr}
            weekStartsOn={1}
            showOutsideDays
            fixedWeeks
            selected={chosen}
            defaultMonth={chosen ?? dayToCalendarDate(today)}
            today={dayToCalendarDate(today)}
            disabled={disabled}
            onSelect={(date) => {
              // A second press on the chosen day keeps it.
              if (date) onSelect(calendarDateToDay(date));
              onClose();
            }}
            classNames={{
              root: 'relative text-sm text-gray-900',
              months: 'flex flex-col',
              month: 'flex flex-col gap-2',
              nav: 'absolute top-0 right-0 flex gap-1',
              button_previous: navButton,
              button_next: navButton,
              chevron: 'size-5 fill-current',
              month_caption: 'flex h-10 items-center px-1',
              caption_label: 'font-semibold capitalize',
              month_grid: 'border-collapse',
              weekdays: '',
              weekday: 'size-10 text-center text-xs font-medium text-gray-600 capitalize',
              week: '',
              day: 'p-0 text-center',
              day_button: cn(
                'inline-flex size-10 items-center justify-center rounded-full tabular-nums',
                'hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700',
              ),
              today: 'font-bold text-brand-800',
              selected: '[&>button]:bg-brand-700 [&>button]:text-white [&>button]:hover:bg-brand-800',
              outside: 'text-gray-500',
              disabled: 'text-gray-300 [&>button]:cursor-not-allowed [&>button]:hover:bg-transparent',
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
