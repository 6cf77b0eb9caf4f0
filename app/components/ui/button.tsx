import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, cloneElement, isValidElement, type ReactElement } from 'react';
import { cn } from '~/lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:pointer-events-none disabled:opacity-60',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800',
        secondary: 'bg-white text-brand-800 ring-1 ring-brand-700 ring-inset hover:bg-brand-50',
        ghost: 'text-gray-800 hover:bg-gray-100',
        inverse: 'bg-white text-brand-800 hover:bg-brand-50',
        outlineInverse: 'bg-transparent text-white ring-1 ring-white ring-inset hover:bg-brand-700',
        /** What cannot be undone (erasing data, cancelling a call): asked for after a first click. */
        danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-11 px-5 text-base',
        lg: 'h-12 px-6 text-base',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * A button, or with `asChild` its single child (a Link) styled as one. The child is cloned with
 * the button's classes rather than wrapped, like Radix's Slot, without shipping Radix on every page.
 */
export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, className: cn(classes, child.props.className) } as never);
  }
  return (
    <button className={classes} type={type ?? 'button'} {...props}>
      {children}
    </button>
  );
}
