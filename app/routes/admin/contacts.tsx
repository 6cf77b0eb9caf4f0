import { ContactsScreen } from '~/features/admin/contacts/contacts-screen';

export const meta = () => [{ title: 'Contacts — Administration' }];

export default function AdminContacts() {
  return <ContactsScreen />;
}
