import { usePopup } from '../../components/popups/PopupProvider';
import { useLogout } from '../../features/account/api/useLogout';
import { LogoutButton } from '../../features/account/components/LogoutButton';
import { AddAddressForm } from '../../features/addresses/components/AddAddressForm';
import { ProfileAddressList } from '../../features/addresses/components/ProfileAddressList';
import { MyChildren } from '../../features/children/components/MyChildren';
import { ConsentSwitches } from '../../features/privacy/components/ConsentSwitches';
import { MyDataPanel } from '../../features/privacy/components/MyDataPanel';
import { ProfileScreen } from '../../features/profile/components/ProfileScreen';
import { pageMeta } from '../seo/pageMeta';

/** /myprofile: the profile (product.md §2), with logout and the addresses composed in from their features. */
export function MyProfilePage() {
  const logout = useLogout();
  const popup = usePopup();
  return (
    <ProfileScreen
      logout={<LogoutButton className="profile-sidebar__link profile-sidebar__logout" />}
      addresses={<ProfileAddressList />}
      renderAddForm={(done) => (
        <AddAddressForm
          onAdded={(message) => {
            popup.success(message);
            done();
          }}
          secondaryAction={
            <button type="button" className="btn btn-outline-secondary" onClick={done}>
              Cancel
            </button>
          }
        />
      )}
      endSession={() => logout.mutateAsync()}
      consents={
        <>
          <ConsentSwitches />
          <MyChildren />
          <MyDataPanel />
        </>
      }
    />
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'My Profile | Kapaas', noindex: true });

export default MyProfilePage;
