/**
 * The back-office's icon-only buttons (edit, delete, move, publish...): a pencil or an arrow alone
 * does not tell every member of the staff what it does, so each one shows its name in a tooltip,
 * on hover and on keyboard focus (Radix Tooltip), as Ghost's admin does. Touch screens get no
 * tooltip (nothing hovers there); the name stays the button's accessible name everywhere.
 */
import { Tooltip } from 'radix-ui';
import { Button, type ButtonProps } from '~/components/ui/button';

export type IconButtonProps = Omit<ButtonProps, 'size' | 'aria-label' | 'title'> & {
  /** The button's accessible name, e.g. 'Modifier « SEO »'. */
  label: string;
  /** What the tooltip says, when shorter than the name (the row says the rest): 'Modifier'. */
  tooltip?: string;
};

export function IconButton({ label, tooltip = label, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    // The tooltip never stands in the pointer's way: moving onto it closes it, and clicks go through
    // to what is under it (the next row's button).
    <Tooltip.Provider delayDuration={300} disableHoverableContent>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Button variant={variant} size="icon" aria-label={label} {...props} />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="pointer-events-none z-50 max-w-xs rounded-md bg-gray-900 px-2 py-1 text-xs font-medium text-white shadow-md"
          >
            {tooltip}
            <Tooltip.Arrow className="fill-gray-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
