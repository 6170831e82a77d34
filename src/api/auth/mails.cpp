// Texts of the account mails, English first and Czech below.
#include "blog/api/auth/mails.hpp"

namespace blog::auth {

mail::message verification_mail(const user& to, const std::string& public_url, const std::string& token) {
  std::string link = public_url + "/verify-email?token=" + token;
  mail::message m;
  m.to = to.email;
  m.subject = "Confirm your email address / Potvrďte svou e-mailovou adresu";
  m.text = "Hello " + to.username + ",\n\n" +
           "please confirm your email address for PayTech Blog by opening this link:\n" + link + "\n\n" +
           "If you did not create an account, you can ignore this message.\n\n" + "---\n\n" + "Dobrý den,\n\n" +
           "potvrďte prosím svou e-mailovou adresu pro PayTech Blog otevřením odkazu výše.\n" +
           "Pokud jste si účet nezakládali, můžete tuto zprávu ignorovat.\n";
  return m;
}

mail::message password_reset_mail(const user& to, const std::string& public_url, const std::string& token) {
  std::string link = public_url + "/reset-password?token=" + token;
  mail::message m;
  m.to = to.email;
  m.subject = "Reset your password / Obnovení hesla";
  m.text = "Hello " + to.username + ",\n\n" +
           "someone asked to reset the password of your PayTech Blog account. To choose a new password,\n" +
           "open this link within one hour:\n" + link + "\n\n" +
           "If you did not ask for this, ignore this message; your password stays as it is.\n\n" + "---\n\n" +
           "Dobrý den,\n\n" + "někdo požádal o obnovení hesla k vašemu účtu na PayTech Blog. Nové heslo si zvolíte\n" +
           "otevřením odkazu výše do jedné hodiny.\n" +
           "Pokud jste o to nežádali, zprávu ignorujte; vaše heslo zůstává beze změny.\n";
  return m;
}

mail::message new_sign_in_mail(const user& to, const std::string& public_url, const std::string& site_name,
                               const sign_in_notice& notice) {
  std::string link = public_url + "/profile/sessions";
  mail::message m;
  m.to = to.email;
  m.subject = "New sign-in to " + site_name + " / Nové přihlášení do " + site_name;
  m.text = "Hello " + to.username + ",\n\n" + "your " + site_name +
           " account was signed in to from a browser it had not been used from before.\n\n" + "When: " + notice.when +
           "\n" + "Browser: " + notice.browser + " on " + notice.system + "\n" + "Address: " + notice.address + "\n\n" +
           "If this was you, there is nothing to do. If not, change your password and end that session here:\n" + link +
           "\n\n" + "---\n\n" + "Dobrý den,\n\n" + "k vašemu účtu na " + site_name +
           " se přihlásil prohlížeč, ze kterého se dosud nepřihlašoval.\n\n" + "Kdy: " + notice.when + "\n" +
           "Prohlížeč: " + notice.browser + " (" + notice.system + ")\n" + "Adresa: " + notice.address + "\n\n" +
           "Pokud jste to byli vy, nemusíte nic dělat. Pokud ne, změňte si heslo a ukončete toto přihlášení\n" +
           "na stránce z odkazu výše.\n";
  return m;
}

}  // namespace blog::auth
