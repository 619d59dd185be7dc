import type { LegalPageKey, LegalTexts } from "#app/features/legal-pages/legal-pages";
import { COMPANY, companyAddress } from "../company";

/** The legal pages' texts in Spanish as shipped (the team edits them at /admin/contenidos). */
export const es: Record<LegalPageKey, LegalTexts> = {
  "aviso-legal": {
    title: "Aviso legal",
    summary: "Quién está detrás de Amarre y en qué condiciones puedes usar este sitio web, conforme a la Ley 34/2002 de servicios de la sociedad de la información (LSSI).",
    body: `## Titular del sitio web
En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI), te informamos de que este sitio web y sus aplicaciones son de:

- **Titular:** ${COMPANY.name}
- **NIF:** ${COMPANY.taxId}
- **Domicilio social:** ${companyAddress("es")}
- **Registro:** Registro Mercantil de Palma de Mallorca, tomo 2871, folio 112, hoja PM-98765, inscripción 1.ª
- **Correo electrónico:** [hola@amarre.test](mailto:hola@amarre.test)
- **Teléfono:** +34 971 000 123 (de lunes a viernes, de 9:00 a 18:00)

## Qué es Amarre
Amarre es un mercado en línea que pone en contacto a personas y empresas que alquilan barcos, motos de agua y amarres con quienes quieren alquilarlos o comprarlos, y que ofrece servicios náuticos como la gestoría, los seguros, la limpieza y el transporte de embarcaciones. Amarre no es propietario de los barcos ni de los amarres anunciados: cada anuncio es responsabilidad de quien lo publica.

## Condiciones de uso del sitio
El acceso al sitio es gratuito y atribuye la condición de usuario. Al navegar aceptas este aviso legal; para publicar anuncios, reservar o pedir servicios se aplican además las [condiciones de uso](/condiciones). Te comprometes a usar el sitio de forma lícita, a no publicar contenidos falsos, ofensivos o que vulneren derechos de terceros, y a no intentar acceder a zonas o datos que no te corresponden.

## Propiedad intelectual e industrial
El diseño, el código, los textos propios, los logotipos y la marca Amarre pertenecen a ${COMPANY.name} o se usan con licencia. Las fotos y descripciones de los anuncios pertenecen a quienes los publican, que nos autorizan a mostrarlas en el sitio. No está permitido reproducir, distribuir ni transformar estos contenidos sin autorización, salvo para tu uso personal.

## Responsabilidad
Trabajamos para que el sitio esté disponible y la información sea correcta, pero no podemos garantizar que no haya interrupciones o errores. Como prestador de servicios de intermediación, y según los artículos 16 y 17 de la LSSI, no respondemos de los contenidos que publican los usuarios mientras no tengamos conocimiento efectivo de que son ilícitos; si ves alguno, escríbenos y lo retiraremos con rapidez.

## Enlaces
Los enlaces a sitios de terceros se ofrecen solo como información. No controlamos esos sitios ni respondemos de sus contenidos.

## Datos personales y cookies
Cómo tratamos tus datos se explica en la [política de privacidad](/privacidad), y qué cookies usamos en la [política de cookies](/cookies).

## Legislación aplicable
Este aviso legal se rige por la ley española. Para cualquier controversia, si eres consumidor, serán competentes los juzgados de tu domicilio; en otro caso, los de Palma.`,
  },
  privacidad: {
    title: "Política de privacidad",
    summary: "Qué datos personales tratamos en Amarre, para qué, durante cuánto tiempo y cómo puedes ejercer tus derechos según el RGPD y la LOPDGDD.",
    body: `## Responsable del tratamiento
${COMPANY.name}, NIF ${COMPANY.taxId}, ${companyAddress("es")}. Para cualquier asunto de privacidad escríbenos a [hola@amarre.test](mailto:hola@amarre.test).

## Qué datos tratamos
- **Cuenta:** nombre, correo electrónico, contraseña (guardada cifrada, nunca en claro), idioma y, si eres profesional, razón social, NIF o CIF, teléfono y dirección.
- **Perfil público:** nombre visible, foto, biografía e idiomas que hablas, si decides rellenarlos.
- **Perfil de arrendador:** nombre legal, número de documento de identidad, teléfono, dirección e IBAN, necesarios para publicar anuncios y recibir pagos.
- **Anuncios, reservas y facturas:** datos de los barcos y amarres, fechas, importes y estado de cada reserva.
- **Mensajes y opiniones:** las conversaciones con otros usuarios y las valoraciones que escribes o recibes.
- **Gestiones y contacto:** lo que nos cuentas en los formularios de servicios y de contacto y los documentos que adjuntas.
- **Datos técnicos:** dirección IP y registros del servidor, para la seguridad del servicio y para limitar abusos.

## Para qué los usamos y con qué base legal
- Prestarte el servicio que pides (cuenta, anuncios, reservas, mensajes, gestiones): ejecución del contrato (art. 6.1.b RGPD).
- Emitir facturas y cumplir obligaciones contables y fiscales: obligación legal (art. 6.1.c RGPD).
- Proteger el sitio frente al fraude y los abusos, y ocultar datos de contacto en los mensajes antes de una reserva confirmada: interés legítimo (art. 6.1.f RGPD).
- Responder a tus mensajes de contacto: tu consentimiento al enviarlos y nuestro interés legítimo en atenderte.

No elaboramos perfiles con fines publicitarios ni vendemos tus datos.

## Quién puede ver tus datos
- Los demás usuarios ven tu perfil público, tus anuncios y tus opiniones. Al reservar, la otra parte recibe los datos necesarios para el alquiler.
- Nuestros proveedores de alojamiento, correo electrónico y almacenamiento, que tratan los datos por encargo nuestro y con contrato conforme al art. 28 RGPD. Los servidores están en la Unión Europea; si algún proveedor trata datos fuera del Espacio Económico Europeo, lo hace con cláusulas contractuales tipo de la Comisión Europea.
- Las administraciones públicas (Capitanía Marítima, Agencia Tributaria, juzgados) cuando una ley lo exige o cuando tramitamos una gestión que nos has encargado.

## Cuánto tiempo los guardamos
- Los datos de la cuenta, mientras la mantengas abierta.
- Las reservas y las facturas, seis años desde su fecha: el Código de Comercio (art. 30) obliga a conservar durante ese plazo la documentación de la actividad, y el plazo cubre los cuatro años en que Hacienda puede revisar los impuestos (Ley General Tributaria, art. 66).
- Las gestiones y los mensajes de contacto, hasta cinco años después de cerrarse, por si surge una reclamación.
- Los registros técnicos, como máximo doce meses.

## Si eliminas tu cuenta
Puedes eliminarla tú mismo en [Privacidad y tus datos](/ajustes/privacidad), con tu contraseña. En ese momento:
- se cierra tu sesión en todos tus dispositivos y se borran tu cuenta, tu perfil, tu foto, tus datos de arrendador, tus favoritos, tu historial y los anuncios que no tienen reservas, con sus fotos;
- tus solicitudes abiertas y tus próximas reservas se cancelan con las reglas habituales (si eres el propietario, el cliente recupera todo lo pagado); mientras dura un viaje o hay una reclamación de fianza abierta no se puede eliminar la cuenta;
- **se conservan**, porque la ley lo exige, las reservas en las que participaste y sus facturas, con tu nombre tal como se facturó, durante los seis años indicados; los anuncios con reservas quedan archivados, sin publicar, mientras se conservan esas reservas;
- **se conservan** tus mensajes en las conversaciones de la otra persona, que los sigue viendo con el remitente «Cuenta eliminada», y tus opiniones publicadas, sin tu nombre;
- tus gestiones se conservan el plazo indicado arriba.

Lo que se conserva solo se usa para cumplir esas obligaciones o atender una reclamación.

## Descargar tus datos
En [Privacidad y tus datos](/ajustes/privacidad) puedes descargar cuando quieras un archivo JSON con todo lo que guardamos sobre ti: perfil, datos de arrendador, anuncios, reservas, conversaciones, gestiones, opiniones, favoritos, historial y la lista de tus facturas con enlaces a sus PDF (derecho de acceso y portabilidad, arts. 15 y 20 RGPD).

## Tus derechos
Puedes pedir en cualquier momento el acceso a tus datos, su rectificación o supresión, la limitación del tratamiento, la portabilidad y oponerte al tratamiento, así como retirar tu consentimiento sin que ello afecte a lo anterior. Escribe a [hola@amarre.test](mailto:hola@amarre.test) indicando qué derecho quieres ejercer; te responderemos en el plazo de un mes. Si crees que no hemos atendido bien tu petición, puedes reclamar ante la Agencia Española de Protección de Datos ([www.aepd.es](https://www.aepd.es)).

## Seguridad
Las contraseñas se guardan con un algoritmo de derivación de claves, las conexiones van cifradas y los documentos de las gestiones y las facturas solo los descargan su titular y nuestro equipo.

## Menores
Amarre está dirigido a mayores de 18 años. No registramos conscientemente a menores de edad.

## Cambios
Si cambiamos esta política te lo indicaremos en el sitio y, si el cambio es relevante, por correo electrónico.`,
  },
  cookies: {
    title: "Política de cookies",
    summary: "Amarre solo usa las cookies imprescindibles para que el sitio funcione y recuerde tus preferencias. No usamos cookies de análisis, publicidad ni seguimiento.",
    body: `## Qué es una cookie
Una cookie es un pequeño archivo que un sitio web guarda en tu navegador para recordar algo entre una página y la siguiente, como que has iniciado sesión o el idioma que prefieres.

## Las cookies que usamos
Todas son propias (las pone Amarre, no terceros) y sirven para prestarte el servicio que pides, por lo que, según el artículo 22.2 de la LSSI, no necesitan tu consentimiento:

- **__session** — mantiene tu sesión iniciada de forma segura (firmada, inaccesible para JavaScript). Dura 14 días o hasta que cierras la sesión.
- **i18n_redirected** — recuerda el idioma que has elegido (español, inglés, francés o alemán). Dura un año.
- **theme** — recuerda si prefieres el modo claro u oscuro. Dura un año; si eliges «según el sistema», se borra.
- **recently_viewed** — recuerda los últimos anuncios que has visto, para mostrarlos en tu historial. Dura 30 días.

## Lo que no usamos
No usamos cookies de análisis, de publicidad ni de redes sociales, ni permitimos que terceros instalen cookies a través de Amarre. Por eso no verás un banner pidiéndote permiso.

## Cómo borrarlas
Puedes borrar o bloquear las cookies desde la configuración de tu navegador. Si bloqueas la cookie de sesión no podrás iniciar sesión; si bloqueas las de idioma o tema, el sitio usará los valores por defecto.

## Más información
Si tienes dudas, escríbenos a [hola@amarre.test](mailto:hola@amarre.test). Cómo tratamos tus datos se explica en la [política de privacidad](/privacidad).`,
  },
  condiciones: {
    title: "Condiciones de uso",
    summary: "Las reglas para publicar anuncios, reservar barcos y amarres, pagar la tarifa de servicio, cancelar, opinar y conversar en Amarre.",
    body: `## 1. Objeto
Estas condiciones regulan el uso de Amarre, el mercado en línea de ${COMPANY.name} (NIF ${COMPANY.taxId}, ${companyAddress("es", { region: false, country: false })}) para alquilar barcos y amarres, comprar amarres y pedir servicios náuticos. Al crear una cuenta las aceptas, junto con la [política de privacidad](/privacidad). Amarre actúa como intermediario: el contrato de alquiler se celebra entre quien alquila (el arrendatario) y quien publica el anuncio (el propietario o profesional).

## 2. Cuenta
Debes ser mayor de 18 años y dar datos verdaderos. Tu cuenta es personal: guarda la contraseña y avísanos si alguien la usa sin tu permiso. Las empresas de chárter, brókeres y marinas pueden registrarse como profesionales con sus datos fiscales.

## 3. Anuncios
- Para publicar un anuncio tienes que completar tu perfil de arrendador (nombre legal, documento de identidad, teléfono, dirección e IBAN).
- Garantizas que puedes alquilar el barco o el amarre, que tiene la documentación, el seguro y los certificados en vigor y que la descripción, las fotos, el equipamiento, los precios y la titulación exigida son ciertos.
- Eliges la política de cancelación del anuncio. Podemos pausar o retirar anuncios que incumplan estas condiciones o la ley.

## 4. Reservas
- Las reservas son solicitudes: el propietario tiene 48 horas para aceptarlas o rechazarlas; si no responde, la solicitud caduca sin coste. Los anuncios con reserva inmediata se confirman al momento.
- Una reserva confirmada obliga a las dos partes. El arrendatario debe tener la titulación náutica que exige el barco o contratar patrón cuando se ofrece o es obligatorio, y no superar la capacidad indicada.
- El propietario entrega el barco en las condiciones anunciadas; el arrendatario lo devuelve en el mismo estado y según la política de combustible del anuncio.

## 5. Precios y tarifa de servicio
- El precio del alquiler lo fija el propietario: precio por semana completa cuando lo hay, precio por día para el resto (o de medio día), más el patrón si se contrata.
- Amarre cobra al arrendatario una **tarifa de servicio del 10 % del alquiler**, que se muestra antes de confirmar y que factura Amarre. El alquiler lo factura el propietario.
- La fianza se muestra en el anuncio y en el resumen de la reserva; se retiene según lo que indique el anuncio y no se cobra salvo por daños o faltas acreditados.
- Todos los importes se expresan en euros con los impuestos incluidos.

## 6. Cancelaciones
Si cancela el arrendatario, se devuelve el alquiler según la política del anuncio; **la tarifa de servicio no se devuelve**:
- **Flexible:** reembolso del 100 % hasta un día antes del inicio.
- **Moderada:** reembolso del 100 % hasta diez días antes; del 50 % después.
- **Estricta:** reembolso del 50 % hasta treinta días antes; sin reembolso después.

Si cancela el propietario, el arrendatario recibe el reembolso íntegro y la cancelación queda registrada en el anuncio.

## 7. Opiniones
Solo puede opinar quien ha completado una reserva, una vez por reserva y en los 30 días siguientes: de 1 a 5 estrellas y un comentario. El propietario puede responder una vez. Las opiniones deben ser honradas y respetuosas; retiramos las que contengan insultos, datos personales o contenidos ajenos al alquiler.

## 8. Conversaciones
Los mensajes entre usuarios sirven para preparar y llevar a cabo las reservas. Hasta que una reserva está confirmada, los correos y teléfonos escritos en los mensajes se ocultan, para que los pagos y las garantías pasen por Amarre. No uses las conversaciones para publicidad ni para acosar a nadie.

## 9. Servicios náuticos y gestiones
Las solicitudes de gestoría, seguro, limpieza, transporte o alta de puertos se convierten en una gestión que nuestro equipo sigue hasta el final; te confirmamos el precio antes de empezar y te informamos por correo de cada paso. Las tasas oficiales se pagan aparte.

## 10. Responsabilidad
Amarre pone los medios para que el mercado funcione con seguridad, pero no es parte del contrato de alquiler ni propietario de los barcos: cada propietario responde de su anuncio y de la embarcación, y cada arrendatario del uso que hace de ella. Nada de lo anterior limita los derechos que la ley reconoce a los consumidores.

## 11. Suspensión de cuentas
Podemos suspender o cerrar una cuenta que incumpla estas condiciones, que publique contenidos ilícitos o que cometa fraude, avisándote del motivo salvo que la ley lo impida. Puedes cerrar tu cuenta cuando quieras escribiéndonos.

## 12. Ley aplicable y reclamaciones
Estas condiciones se rigen por la ley española. Si eres consumidor, puedes acudir a los juzgados de tu domicilio y a la plataforma europea de resolución de litigios en línea ([ec.europa.eu/consumers/odr](https://ec.europa.eu/consumers/odr)). Para cualquier reclamación escríbenos antes a [hola@amarre.test](mailto:hola@amarre.test) o usa la página de [contacto](/contacto).

## 13. Cambios
Podemos actualizar estas condiciones; te avisaremos con al menos 15 días de antelación de los cambios relevantes. Las reservas ya confirmadas se rigen por las condiciones vigentes cuando se confirmaron.`,
  },
  contacto: {
    title: "Contacto",
    summary: "¿Tienes una duda sobre una reserva, un anuncio o una gestión? Escríbenos y te respondemos en un día laborable.",
    body: `Nuestro equipo atiende de lunes a viernes, de 9:00 a 18:00 (hora peninsular), en español, inglés, francés y alemán. Los mensajes que nos envías desde este formulario se convierten en una gestión: si tienes cuenta, la verás en tu área privada, y en cualquier caso te enviaremos un correo con la referencia.

## Otras formas de contactar
- **Correo electrónico:** [hola@amarre.test](mailto:hola@amarre.test)
- **Teléfono:** +34 971 000 123
- **Dirección:** ${COMPANY.name}, ${companyAddress("es", { country: false })}

Para un trámite de tu barco es más rápido pedirlo directamente en la [gestoría náutica](/gestoria); y si ya tienes una reserva, escribe al propietario desde la propia reserva.`,
  },
};
