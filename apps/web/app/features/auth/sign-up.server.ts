import { data, redirect } from "react-router";
import { api } from "../../lib/api";
import { uploadedPicture } from "./picture-upload.server";
import { afterSignUp, checkSignUp, readSignUpForm, type SignUpFailure, signUpFailure, signUpInput } from "./sign-up";

/**
 * The sign-up page's server action, for a form sent without scripts: the picture then comes as
 * the chosen file itself (not resized), checked as the page would, and made a data URL here.
 */
export async function signUpOnServer(request: Request) {
  const form = await request.formData();
  const { values, redirectTo } = readSignUpForm(form);
  const invalid = checkSignUp(values);
  if (invalid) return data(invalid, { status: 400 });
  const picture = values.profilePic ? null : await uploadedPicture(form.get("picture"));
  if (picture && "refused" in picture) {
    const failure: SignUpFailure = {
      message: picture.refused,
      values: { name: values.name, email: values.email },
      fieldErrors: { profilePic: picture.refused },
    };
    return data(failure, { status: 400 });
  }
  if (picture) values.profilePic = picture.dataUrl;
  try {
    await api(request).signUp(signUpInput(values));
    return redirect(afterSignUp(redirectTo));
  } catch (error) {
    const { failure, status } = signUpFailure(error, values);
    return data(failure, { status });
  }
}
