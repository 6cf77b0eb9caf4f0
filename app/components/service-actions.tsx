/** A service card's two ways on: its page ("En savoir plus") and a quote request for it. */
import { Link } from 'react-router';
import { LeadButton } from '~/components/lead-button';
import { Button, type ButtonProps } from '~/components/ui/button';

export function ServiceActions({
  service,
  size,
}: {
  service: { id: string; title: string };
  size?: ButtonProps['size'];
}) {
  return (
    <>
      <Button asChild variant="secondary" size={size}>
        <Link to={`/services/${service.id}`} aria-label={`En savoir plus sur ${service.title}`}>
          En savoir plus
        </Link>
      </Button>
      <LeadButton
        lead="quote"
        service={service.title}
        size={size}
        aria-label={`Demander un devis pour ${service.title}`}
      >
        Demander un devis
      </LeadButton>
    </>
  );
}
