import type { CoverImage } from '#common/visuals.ts';

type Props = {
  image: CoverImage;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Above the fold: loaded at once with high priority; otherwise lazily. */
  eager?: boolean;
  /** Next to the title it shows (a card, a post header): an empty alt keeps readers on the title. */
  decorative?: boolean;
  /** Classes of the <img>. */
  className?: string;
  /** Classes of the <picture> around it (grid placement, block display). */
  pictureClassName?: string;
};

/**
 * A cover (docs/decisions/023-generated-visuals.md): AVIF then WebP sources with their widths,
 * explicit width and height so the layout never shifts while it loads. The cover object comes
 * from the server's presenters; this component only prints it.
 */
export function CoverPicture({
  image,
  sizes,
  eager = false,
  decorative = false,
  className,
  pictureClassName = 'block',
}: Props) {
  return (
    <picture className={pictureClassName}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={decorative ? '' : image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'auto' : 'async'}
        fetchPriority={eager ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}
