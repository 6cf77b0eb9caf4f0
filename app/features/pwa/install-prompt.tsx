/**
 * The install prompt (docs/product.md §2.11, §4.6): a full-screen modal offering to install the site as an
 * app, with the native prompt behind its button, or the iPhone/iPad instructions where there is none.
 */
import Lock from 'lucide-react/icons/lock';
import Monitor from 'lucide-react/icons/monitor';
import Share from 'lucide-react/icons/share';
import WifiOff from 'lucide-react/icons/wifi-off';
import X from 'lucide-react/icons/x';
import Zap from 'lucide-react/icons/zap';
import { Dialog } from 'radix-ui';
import { APP_VERSION_LABEL } from '#common/constants.ts';
import { Button } from '~/components/ui/button';
import { usePwaState } from '~/lib/use-pwa-state.ts';
import { isIosSafari } from './install-rules.ts';
import { dismissInstallPrompt, installApp } from './pwa-runtime.ts';

const BENEFITS = [
  { icon: WifiOff, title: 'Mode hors ligne', text: 'Consultez les pages déjà visitées sans connexion.' },
  { icon: Zap, title: 'Chargement rapide', text: 'S’ouvre instantanément, même sur un réseau lent.' },
  { icon: Lock, title: 'Sécurisé', text: 'Chiffrement HTTPS complet de vos échanges.' },
  { icon: Monitor, title: 'Multi-plateforme', text: 'Sur mobile, tablette et ordinateur.' },
] as const;

export default function InstallPrompt() {
  const { installOffer, installPending } = usePwaState();
  const iosHint = !installOffer && isIosSafari(navigator.userAgent, navigator.maxTouchPoints);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : dismissInstallPrompt())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-900/60" />
        <Dialog.Content className="fixed inset-0 z-50 overflow-y-auto bg-white focus:outline-none sm:inset-8 sm:mx-auto sm:max-w-2xl sm:rounded-2xl sm:shadow-2xl">
          <div className="flex min-h-full flex-col items-center px-6 py-10 text-center">
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Fermer"
                className="absolute top-4 right-4 rounded-md p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <X className="size-6" aria-hidden="true" />
              </button>
            </Dialog.Close>
            <img
              src="/icon-192.png"
              alt=""
              width={96}
              height={96}
              className="size-24 rounded-2xl shadow-md"
            />
            <span className="mt-5 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
              100 % gratuit · sans inscription
            </span>
            <Dialog.Title className="mt-4 text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">
              Installez l’application Lisanga Digital
            </Dialog.Title>
            <Dialog.Description className="mt-2 max-w-md text-gray-700">
              Ajoutez notre application à votre écran d’accueil pour un accès direct à nos services, nos
              conseils et nos formulaires, même sans connexion.
            </Dialog.Description>
            <ul className="mt-8 grid w-full max-w-lg grid-cols-1 gap-3 text-left sm:grid-cols-2">
              {BENEFITS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3 rounded-xl border border-gray-200 p-4">
                  <Icon className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>
                    <span className="block font-semibold text-gray-900">{title}</span>
                    <span className="block text-sm text-gray-700">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
            {iosHint ? (
              <p className="mt-8 flex max-w-md items-center gap-2 rounded-xl bg-gray-50 p-4 text-left text-sm text-gray-800">
                <Share className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>Sur iPhone ou iPad : touchez le bouton Partager, puis « Sur l’écran d’accueil ».</span>
              </p>
            ) : null}
            <div className="mt-8 flex w-full max-w-sm flex-col gap-3">
              {installOffer ? (
                <Button size="lg" disabled={installPending} onClick={() => void installApp()}>
                  {installPending ? 'Installation...' : 'Installer l’application'}
                </Button>
              ) : null}
              <Button size="lg" variant="ghost" onClick={() => dismissInstallPrompt()}>
                Plus tard
              </Button>
            </div>
            <p className="mt-6 text-xs text-gray-500">Version {APP_VERSION_LABEL}</p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
