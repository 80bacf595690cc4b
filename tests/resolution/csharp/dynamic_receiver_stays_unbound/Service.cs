namespace App
{
    public class Service
    {
        void Store(dynamic target, string item)
        {
            target.Save(item);
        }
    }
}
