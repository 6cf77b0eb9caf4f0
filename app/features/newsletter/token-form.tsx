/**
 * The button of a personal link's page (confirming a subscription, unsubscribing): a plain form
 * POST of the link's token, so it works before (or without) JavaScript too.
 */
import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';

export function TokenForm({
  token,
  label,
  pendingLabel,
}: {
  token: string;
  label: string;
  pendingLabel: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Form method="post" className="mt-8">
      <input type="hidden" name="token" value={token} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </Form>
  );
}
